ALTER TABLE `dataset_columns` ADD `written` text;--> statement-breakpoint
ALTER TABLE `dataset_columns` ADD `typing` text;