ALTER TABLE `mcp_servers` ADD `disabled_tools` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `mcp_overrides` text DEFAULT '{}' NOT NULL;