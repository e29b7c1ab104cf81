CREATE TABLE `dataset_passages` (
	`dataset_id` text NOT NULL,
	`id` integer NOT NULL,
	`title` text NOT NULL,
	`text` text NOT NULL,
	`url` text,
	`aliases` text DEFAULT '[]' NOT NULL,
	`source` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`dataset_id`, `id`),
	FOREIGN KEY (`dataset_id`) REFERENCES `datasets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `dataset_passages_title` ON `dataset_passages` (`dataset_id`,`title`);--> statement-breakpoint
CREATE TABLE `passage_links` (
	`dataset_id` text NOT NULL,
	`table_name` text NOT NULL,
	`row_id` integer NOT NULL,
	`passage_id` integer NOT NULL,
	`column_name` text,
	`kind` text NOT NULL,
	`score` real NOT NULL,
	PRIMARY KEY(`dataset_id`, `table_name`, `row_id`, `passage_id`),
	FOREIGN KEY (`dataset_id`) REFERENCES `datasets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `passage_links_passage` ON `passage_links` (`dataset_id`,`passage_id`);