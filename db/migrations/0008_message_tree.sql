ALTER TABLE `messages` ADD `parent_id` text;--> statement-breakpoint
CREATE INDEX `messages_parent_idx` ON `messages` (`parent_id`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `active_leaf_id` text;--> statement-breakpoint
-- Existing sessions are one line: each message follows the one before it, and the last one is the active leaf.
UPDATE `messages` SET `parent_id` = (
  SELECT `prev`.`id` FROM `messages` AS `prev`
  WHERE `prev`.`session_id` = `messages`.`session_id` AND `prev`.`position` < `messages`.`position`
  ORDER BY `prev`.`position` DESC LIMIT 1
);--> statement-breakpoint
UPDATE `sessions` SET `active_leaf_id` = (
  SELECT `id` FROM `messages` WHERE `messages`.`session_id` = `sessions`.`id` ORDER BY `position` DESC LIMIT 1
);
