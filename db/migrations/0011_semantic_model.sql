CREATE TABLE `index_semantic_models` (
	`dataset_id` text NOT NULL,
	`generation` integer NOT NULL,
	`model` text NOT NULL,
	PRIMARY KEY(`dataset_id`, `generation`),
	FOREIGN KEY (`dataset_id`) REFERENCES `datasets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `semantic_edits` (
	`dataset_id` text NOT NULL,
	`kind` text NOT NULL,
	`table_name` text NOT NULL,
	`column_name` text NOT NULL,
	`edit` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`dataset_id`, `kind`, `table_name`, `column_name`),
	FOREIGN KEY (`dataset_id`) REFERENCES `datasets`(`id`) ON UPDATE no action ON DELETE cascade
);
