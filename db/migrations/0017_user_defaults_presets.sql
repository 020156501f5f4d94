CREATE TABLE `system_prompt_presets` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`name` text NOT NULL,
	`prompt` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `system_prompt_presets_owner_name_idx` ON `system_prompt_presets` (`owner_id`,`name`);--> statement-breakpoint
CREATE TABLE `user_defaults` (
	`owner_id` text PRIMARY KEY NOT NULL,
	`model_key` text,
	`permission_mode` text,
	`settings` text DEFAULT '{}' NOT NULL,
	`updated_at` integer NOT NULL
);
