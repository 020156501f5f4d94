CREATE TABLE `compactions` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`run_id` text,
	`trigger` text NOT NULL,
	`record` text NOT NULL,
	`created_at` integer NOT NULL,
	`undone_at` integer,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `compactions_session_idx` ON `compactions` (`session_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `mcp_servers` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`name` text NOT NULL,
	`transport` text NOT NULL,
	`url` text,
	`headers` text DEFAULT '{}' NOT NULL,
	`command` text,
	`args` text DEFAULT '[]' NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `tool_approvals` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`run_id` text,
	`message_id` text NOT NULL,
	`tool_call_id` text NOT NULL,
	`tool_name` text NOT NULL,
	`input` text NOT NULL,
	`status` text NOT NULL,
	`reason` text,
	`created_at` integer NOT NULL,
	`decided_at` integer,
	`executed_at` integer,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tool_approvals_session_idx` ON `tool_approvals` (`session_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `tool_approvals_call_idx` ON `tool_approvals` (`session_id`,`tool_call_id`);--> statement-breakpoint
CREATE TABLE `tool_grants` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`tool_name` text NOT NULL,
	`scope` text DEFAULT 'session' NOT NULL,
	`created_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tool_grants_session_idx` ON `tool_grants` (`session_id`);--> statement-breakpoint
CREATE TABLE `workspace_files` (
	`session_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`path` text NOT NULL,
	`content` blob NOT NULL,
	`size` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`session_id`, `path`),
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `messages` ADD `pinned` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `permission_mode` text DEFAULT 'ask' NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `todos` text DEFAULT '[]' NOT NULL;