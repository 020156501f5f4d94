CREATE TABLE `run_events` (
	`run_id` text NOT NULL,
	`seq` integer NOT NULL,
	`chunk` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`run_id`, `seq`),
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `runs` ADD `instance_id` text;--> statement-breakpoint
ALTER TABLE `runs` ADD `lease_expires_at` integer;--> statement-breakpoint
ALTER TABLE `runs` ADD `stop_requested_at` integer;--> statement-breakpoint
ALTER TABLE `runs` ADD `base_message` text;--> statement-breakpoint
-- Runs left 'running' twice in one session by an older version: keep the newest for recovery, close the rest.
UPDATE `runs` SET `status` = 'interrupted', `end_reason` = 'interrupted' WHERE `status` = 'running' AND `rowid` NOT IN (SELECT max(`rowid`) FROM `runs` WHERE `status` = 'running' GROUP BY `session_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `runs_one_running_per_session` ON `runs` (`session_id`) WHERE status = 'running';