// Which databases and tables form each suite's tune split (../shared/datasets/SPLITS.md); the rest
// is the report split. Shared by the eval suites and the trainers' manifest check.

export const SPIDER_TUNE_DBS = [
  "battle_death",
  "course_teach",
  "cre_Doc_Template_Mgt",
  "network_1",
  "pets_1",
  "poker_player",
  "real_estate_properties",
  "singer",
  "voter_1",
];

export const BIRD_TUNE_DBS = [
  "california_schools",
  "card_games",
  "codebase_community",
  "debit_card_specializing",
  "european_football_2",
];
export const BIRD_REPORT_DBS = [
  "financial",
  "formula_1",
  "student_club",
  "superhero",
  "thrombosis_prediction",
  "toxicology",
];
