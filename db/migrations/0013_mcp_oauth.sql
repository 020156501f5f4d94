CREATE TABLE `mcp_oauth` (
	`server_id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`server_url` text NOT NULL,
	`redirect_url` text,
	`client_information` text,
	`tokens` text,
	`tokens_expire_at` integer,
	`scope` text,
	`discovery_state` text,
	`required_at` integer,
	`connected_at` integer,
	`pending_state_hash` text,
	`pending_verifier` text,
	`pending_expires_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`server_id`) REFERENCES `mcp_servers`(`id`) ON UPDATE no action ON DELETE cascade
);
