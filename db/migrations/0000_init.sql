CREATE TABLE `app_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `dataset_columns` (
	`dataset_id` text NOT NULL,
	`table_position` integer NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`sql_name` text NOT NULL,
	`type` text NOT NULL,
	`is_primary_key` integer DEFAULT false NOT NULL,
	`nullable` integer DEFAULT true NOT NULL,
	PRIMARY KEY(`dataset_id`, `table_position`, `position`),
	FOREIGN KEY (`dataset_id`) REFERENCES `datasets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `dataset_columns_dataset` ON `dataset_columns` (`dataset_id`);--> statement-breakpoint
CREATE TABLE `dataset_tables` (
	`dataset_id` text NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`sql_name` text NOT NULL,
	`schema_name` text NOT NULL,
	`source` text NOT NULL,
	`source_file` text NOT NULL,
	`is_view` integer DEFAULT false NOT NULL,
	`row_count` integer NOT NULL,
	`foreign_keys` text DEFAULT '[]' NOT NULL,
	`layout` text,
	`notes` text DEFAULT '[]' NOT NULL,
	PRIMARY KEY(`dataset_id`, `position`),
	FOREIGN KEY (`dataset_id`) REFERENCES `datasets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `datasets` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`size_bytes` integer DEFAULT 0 NOT NULL,
	`table_count` integer DEFAULT 0 NOT NULL,
	`row_count` integer DEFAULT 0 NOT NULL,
	`storage` text NOT NULL,
	`notes` text DEFAULT '[]' NOT NULL
);
