CREATE TABLE `mcp_elicitations` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`run_id` text,
	`tool_call_id` text,
	`server` text NOT NULL,
	`kind` text NOT NULL,
	`message` text NOT NULL,
	`request` text NOT NULL,
	`status` text NOT NULL,
	`answer` text,
	`created_at` integer NOT NULL,
	`answered_at` integer,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mcp_elicitations_session_idx` ON `mcp_elicitations` (`session_id`);--> statement-breakpoint
ALTER TABLE `mcp_servers` ADD `allow_sampling` integer DEFAULT false NOT NULL;