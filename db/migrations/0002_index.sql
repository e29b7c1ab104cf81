CREATE TABLE `dataset_indexes` (
	`dataset_id` text PRIMARY KEY NOT NULL,
	`current_generation` integer,
	`switched_at` text,
	FOREIGN KEY (`dataset_id`) REFERENCES `datasets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `description_edits` (
	`dataset_id` text NOT NULL,
	`table_name` text NOT NULL,
	`column_name` text NOT NULL,
	`text` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`dataset_id`, `table_name`, `column_name`),
	FOREIGN KEY (`dataset_id`) REFERENCES `datasets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `index_column_profiles` (
	`dataset_id` text NOT NULL,
	`generation` integer NOT NULL,
	`table_name` text NOT NULL,
	`column_name` text NOT NULL,
	`profile` text NOT NULL,
	PRIMARY KEY(`dataset_id`, `generation`, `table_name`, `column_name`),
	FOREIGN KEY (`dataset_id`) REFERENCES `datasets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `index_descriptions` (
	`dataset_id` text NOT NULL,
	`generation` integer NOT NULL,
	`table_name` text NOT NULL,
	`column_name` text NOT NULL,
	`expanded_name` text NOT NULL,
	`text` text NOT NULL,
	`writer` text NOT NULL,
	PRIMARY KEY(`dataset_id`, `generation`, `table_name`, `column_name`),
	FOREIGN KEY (`dataset_id`) REFERENCES `datasets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `index_join_candidates` (
	`dataset_id` text NOT NULL,
	`generation` integer NOT NULL,
	`rank` integer NOT NULL,
	`from_table` text NOT NULL,
	`from_column` text NOT NULL,
	`to_table` text NOT NULL,
	`to_column` text NOT NULL,
	`omega` real NOT NULL,
	`semantic` real NOT NULL,
	`jaccard` real NOT NULL,
	`containment` real NOT NULL,
	`jaccard_estimated` integer NOT NULL,
	`rule` text NOT NULL,
	`uniqueness_from` real NOT NULL,
	`uniqueness_to` real NOT NULL,
	PRIMARY KEY(`dataset_id`, `generation`, `rank`),
	FOREIGN KEY (`dataset_id`) REFERENCES `datasets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `index_runs` (
	`dataset_id` text NOT NULL,
	`generation` integer NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`stages` text DEFAULT '[]' NOT NULL,
	`error` text,
	`encoder` text NOT NULL,
	`started_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`finished_at` text,
	PRIMARY KEY(`dataset_id`, `generation`),
	FOREIGN KEY (`dataset_id`) REFERENCES `datasets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `schema_edge_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`dataset_id` text NOT NULL,
	`edge_id` text NOT NULL,
	`action` text NOT NULL,
	`before` text,
	`after` text,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`dataset_id`) REFERENCES `datasets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `schema_edge_history_dataset` ON `schema_edge_history` (`dataset_id`,`at`);--> statement-breakpoint
CREATE TABLE `schema_edges` (
	`id` text PRIMARY KEY NOT NULL,
	`dataset_id` text NOT NULL,
	`kind` text NOT NULL,
	`label` text DEFAULT '' NOT NULL,
	`source` text NOT NULL,
	`target` text NOT NULL,
	`weight` real DEFAULT 1 NOT NULL,
	`status` text DEFAULT 'curated' NOT NULL,
	`origin` text DEFAULT 'curated' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`dataset_id`) REFERENCES `datasets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `schema_edges_dataset` ON `schema_edges` (`dataset_id`);