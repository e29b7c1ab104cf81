CREATE TABLE `learned_examples` (
	`id` text PRIMARY KEY NOT NULL,
	`dataset_id` text NOT NULL,
	`question` text NOT NULL,
	`reading` text NOT NULL,
	`program` text NOT NULL,
	`verdict` text NOT NULL,
	`source` text NOT NULL,
	`run_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`dataset_id`) REFERENCES `datasets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `learned_examples_dataset_created` ON `learned_examples` (`dataset_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `learned_examples_run` ON `learned_examples` (`run_id`);--> statement-breakpoint
ALTER TABLE `runs` ADD `feedback` text;