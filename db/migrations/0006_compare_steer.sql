CREATE TABLE `compares` (
	`id` text PRIMARY KEY NOT NULL,
	`dataset_id` text NOT NULL,
	`question` text NOT NULL,
	`reasoner` text NOT NULL,
	`runs` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`dataset_id`) REFERENCES `datasets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `compares_dataset_created` ON `compares` (`dataset_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `runs` ADD `parent_run_id` text;--> statement-breakpoint
ALTER TABLE `runs` ADD `constraints` text;--> statement-breakpoint
CREATE INDEX `runs_parent` ON `runs` (`parent_run_id`);