CREATE TABLE `batch_items` (
	`batch_id` text NOT NULL,
	`question_id` text NOT NULL,
	`method` text NOT NULL,
	`position` integer NOT NULL,
	`run_id` text,
	`correct` integer,
	`prediction` text NOT NULL,
	`values` text NOT NULL,
	`ms` integer NOT NULL,
	`tokens_in` integer DEFAULT 0 NOT NULL,
	`tokens_out` integer DEFAULT 0 NOT NULL,
	`schema` text,
	`cells` text,
	`gold_cells` text,
	`error` text,
	PRIMARY KEY(`batch_id`, `question_id`, `method`),
	FOREIGN KEY (`batch_id`) REFERENCES `batches`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `batch_items_order` ON `batch_items` (`batch_id`,`position`);--> statement-breakpoint
CREATE TABLE `batches` (
	`id` text PRIMARY KEY NOT NULL,
	`set_id` text NOT NULL,
	`dataset_id` text NOT NULL,
	`set_name` text NOT NULL,
	`methods` text NOT NULL,
	`reasoner` text NOT NULL,
	`params` text DEFAULT '{}' NOT NULL,
	`questions` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`total` integer NOT NULL,
	`done` integer DEFAULT 0 NOT NULL,
	`error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`finished_at` text,
	FOREIGN KEY (`set_id`) REFERENCES `question_sets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`dataset_id`) REFERENCES `datasets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `batches_set` ON `batches` (`set_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `question_set_items` (
	`set_id` text NOT NULL,
	`position` integer NOT NULL,
	`question_id` text NOT NULL,
	`question` text NOT NULL,
	`answer` text NOT NULL,
	`gold_sql` text,
	`tags` text DEFAULT '[]' NOT NULL,
	PRIMARY KEY(`set_id`, `position`),
	FOREIGN KEY (`set_id`) REFERENCES `question_sets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `question_sets` (
	`id` text PRIMARY KEY NOT NULL,
	`dataset_id` text NOT NULL,
	`name` text NOT NULL,
	`count` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`dataset_id`) REFERENCES `datasets`(`id`) ON UPDATE no action ON DELETE cascade
);
