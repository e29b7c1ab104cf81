// A Pokédex database from oakdex-pokedex's JSON: Pokémon with their base stats, types (a bridge
// table with the slot), abilities (a bridge with the hidden flag), moves, and the type chart.
import { readFileSync } from "node:fs";
import { writeSqlite } from "../convert/sqlite-write.mts";
import { table } from "./json-dbs.mts";

type Names = { en: string };
type Pokemon = {
  names: Names;
  national_id: number;
  types: string[];
  abilities: Array<{ name: string; hidden?: boolean }>;
  /** Absent for genderless Pokémon; a one-sex species lists only that sex (female-only: { female: 100 }). */
  gender_ratios?: { male?: number; female?: number };
  catch_rate: number;
  height_eu: string;
  weight_eu: string;
  base_exp_yield: number;
  leveling_rate: string;
  color: string;
  base_friendship: number;
  base_stats: { hp: number; atk: number; def: number; sp_atk: number; sp_def: number; speed: number };
  categories: Names;
  evolution_from: string | null;
};
type Move = {
  index_number: number;
  names: Names;
  type: string;
  category: string;
  power: number;
  accuracy: number;
  pp: number;
  priority: number;
  makes_contact: boolean;
};
type PokeType = { names: Names; color: string; effectivness: Record<string, number> };
type Ability = { index_number: number; names: Names; descriptions?: Names };

const readJson = <T,>(file: string) => JSON.parse(readFileSync(file, "utf8")) as T;

/** "50.5 kg" → 50.5; "1.0 m" → 1 (the _eu fields hold one number and a unit). */
export function leadingNumber(text: string): number {
  const n = Number.parseFloat(text);
  if (!Number.isFinite(n)) throw new Error(`no number in "${text}"`);
  return n;
}

export function buildPokedex(files: Record<string, string>, out: string): void {
  const pokemon = Object.values(readJson<Record<string, Pokemon>>(files["package/data/pokemon.json"]));
  const types = readJson<Record<string, PokeType>>(files["package/data/type.json"]);
  const abilities = Object.values(readJson<Record<string, Ability>>(files["package/data/ability.json"]));
  const moves = Object.values(readJson<Record<string, Move>>(files["package/data/move.json"]));
  const idByName = new Map(pokemon.map((p) => [p.names.en, p.national_id]));
  const abilityId = new Map(abilities.map((a) => [a.names.en, a.index_number]));
  const defs = {
    types: table("types", "name TEXT, color TEXT", ["name"]),
    chart: table(
      "type_effectiveness",
      "attacking_type TEXT, defending_type TEXT, multiplier REAL",
      ["attacking_type", "defending_type"],
      ["attacking_type → types.name", "defending_type → types.name"],
    ),
    pokemon: table(
      "pokemon",
      "national_id INTEGER, name TEXT, category TEXT, color TEXT, height_m REAL, weight_kg REAL, " +
        "hp INTEGER, attack INTEGER, defense INTEGER, sp_attack INTEGER, sp_defense INTEGER, " +
        "speed INTEGER, catch_rate INTEGER, base_exp_yield INTEGER, base_friendship INTEGER, " +
        "leveling_rate TEXT, male_percent REAL, evolves_from_id INTEGER",
      ["national_id"],
      ["evolves_from_id → pokemon.national_id"],
    ),
    pokemonTypes: table(
      "pokemon_types",
      "pokemon_id INTEGER, type TEXT, slot INTEGER",
      ["pokemon_id", "slot"],
      ["pokemon_id → pokemon.national_id", "type → types.name"],
    ),
    abilities: table("abilities", "id INTEGER, name TEXT, description TEXT", ["id"]),
    pokemonAbilities: table(
      "pokemon_abilities",
      "pokemon_id INTEGER, ability_id INTEGER, hidden INTEGER",
      ["pokemon_id", "ability_id"],
      ["pokemon_id → pokemon.national_id", "ability_id → abilities.id"],
    ),
    moves: table(
      "moves",
      "id INTEGER, name TEXT, type TEXT, category TEXT, power INTEGER, accuracy INTEGER, pp INTEGER, " +
        "priority INTEGER, makes_contact INTEGER",
      ["id"],
      ["type → types.name"],
    ),
  };
  const stat = (p: Pokemon) => p.base_stats;
  writeSqlite(out, [
    { def: defs.types, rows: Object.entries(types).map(([name, t]) => [name, t.color]) },
    {
      def: defs.chart,
      rows: Object.entries(types).flatMap(([name, t]) =>
        Object.entries(t.effectivness).map(([against, m]) => [name, against, m]),
      ),
    },
    {
      def: defs.pokemon,
      rows: pokemon.map((p) => [
        p.national_id,
        p.names.en,
        p.categories.en,
        p.color,
        leadingNumber(p.height_eu),
        leadingNumber(p.weight_eu),
        ...[stat(p).hp, stat(p).atk, stat(p).def, stat(p).sp_atk, stat(p).sp_def, stat(p).speed],
        p.catch_rate,
        p.base_exp_yield,
        p.base_friendship,
        p.leveling_rate,
        p.gender_ratios ? (p.gender_ratios.male ?? 0) : null,
        p.evolution_from ? (idByName.get(p.evolution_from) ?? null) : null,
      ]),
    },
    { def: defs.pokemonTypes, rows: pokemon.flatMap((p) => p.types.map((t, i) => [p.national_id, t, i + 1])) },
    {
      def: defs.abilities,
      rows: abilities.map((a) => [a.index_number, a.names.en, a.descriptions?.en ?? null]),
    },
    {
      def: defs.pokemonAbilities,
      rows: pokemon.flatMap((p) =>
        p.abilities.map((a) => [p.national_id, abilityId.get(a.name) ?? null, a.hidden ? 1 : 0]),
      ),
    },
    {
      def: defs.moves,
      rows: moves.map((m) => [
        m.index_number,
        m.names.en,
        m.type,
        m.category,
        m.power,
        m.accuracy,
        m.pp,
        m.priority,
        m.makes_contact ? 1 : 0,
      ]),
    },
  ]);
}
