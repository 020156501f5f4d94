ALTER TABLE `sessions` ADD `compare_group_id` text;--> statement-breakpoint
CREATE INDEX `sessions_owner_compare_idx` ON `sessions` (`owner_id`,`compare_group_id`);