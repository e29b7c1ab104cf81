CREATE TABLE `glossary_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`dataset_id` text NOT NULL,
	`phrase` text NOT NULL,
	`target` text NOT NULL,
	`column` text NOT NULL,
	`operator` text,
	`value` text,
	`note` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`dataset_id`) REFERENCES `datasets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `glossary_entries_dataset` ON `glossary_entries` (`dataset_id`);--> statement-breakpoint
ALTER TABLE `schema_edge_history` ADD `via` text;