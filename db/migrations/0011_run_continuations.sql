ALTER TABLE `runs` ADD `invocations` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `runs` ADD `continuation` text;