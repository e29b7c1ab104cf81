// English words that open, bound and determine noun phrases and entity names, for the question parser.

/** Words that end a noun phrase: prepositions, relative pronouns, verbs of being and having. */
export const BOUNDARY = new Set(
  (
    "of for from in on at with without whose who whom that which where when by than has have had is are was were be " +
    "do does did ordered sorted order sort grouped along as if whether but to per there their correspond " +
    "corresponding " +
    "used using belonging located after before between under over above below not more less fewer greater larger " +
    "smaller higher lower older younger heavier lighter taller shorter longer also respectively including into among " +
    "whereas while since until can could will would should may might must own owns owned named called titled " +
    "aged either neither born based"
  ).split(" "),
);

/** Words that open a new clause, ending a noun phrase. */
export const CLAUSE_STARTS = new Set("how what which who list show also return find give tell count".split(" "));

/** Determiners skipped at the start of a noun phrase. */
export const DETERMINERS = new Set(
  (
    "the a an all each every any some its their his her our this that these those different distinct unique " +
    "various respective"
  ).split(" "),
);

// "and" separates entities in questions ("Fresno and LA") more often than it joins one.
export const LINKERS = new Set(["of", "de", "du", "la", "le", "del", "van", "von", "der", "&", "the", "y"]);
