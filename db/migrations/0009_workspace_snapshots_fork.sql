CREATE TABLE `workspace_blobs` (
	`hash` text PRIMARY KEY NOT NULL,
	`content` blob NOT NULL,
	`size` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `workspace_snapshots` (
	`message_id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`files` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `workspace_snapshots_session_idx` ON `workspace_snapshots` (`session_id`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `forked_from_session_id` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `forked_from_message_id` text;