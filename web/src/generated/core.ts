// Generated from the Rust types of the `stackyard-core` crate by `cargo run -p stackyard-typegen`.
// Do not edit: change the Rust types and regenerate; a test
// (shells/typegen/tests/generated_types.rs) fails while this file is stale.

/**
 * A game's description for people and shells. Everything is `'static`, so
 * a game declares it as a constant ([`Listed::ABOUT`]).
 */
export type About = { 
/**
 * One sentence for someone who has never heard of the game.
 */
description: string, 
/**
 * How many seats may play.
 */
seats: Seats, 
/**
 * How long a typical game takes, in words ("about 10 minutes").
 */
length: string, 
/**
 * The bot level a newcomer's first game seats against them: one they
 * can beat that still plays sensibly; `None` for one-seat games.
 */
first_bot: string | null, 
/**
 * The settings a lobby offers, field by field.
 */
settings: SettingsForm, 
/**
 * The rule that says how the game ends and who wins (`"T11"`), one
 * click from a result.
 */
ends_by: string, 
/**
 * What an [`crate::Outcome`]'s scores count, in words.
 */
score: ScoreWords, };

/**
 * One choice of a list, or one optional part of a text.
 */
export type Choice = { 
/**
 * The value the game reads.
 */
value: string, 
/**
 * Its words for people.
 */
label: string, };

/**
 * How a game ended, when it did.
 */
export type Ending = { "type": "rules" } | { "type": "resigned", 
/**
 * Who.
 */
seat: Seat, } | { "type": "timed_out", 
/**
 * Who.
 */
seat: Seat, } | { "type": "abandoned", 
/**
 * Who.
 */
seat: Seat, } | { "type": "draw_agreed" };

/**
 * One accepted action, with who took it and when it arrived.
 */
export type Entry<A> = { 
/**
 * The seat that acted.
 */
seat: Seat, 
/**
 * When the action arrived (turn-based games may leave every entry at 0).
 */
at: GameTime, 
/**
 * What it did.
 */
action: A, };

/**
 * One field of object settings.
 */
export type Field = { 
/**
 * The settings' key.
 */
key: string, 
/**
 * The control's `name` (what a page test or a script finds it by).
 */
name: string, 
/**
 * The words before the control.
 */
label: string, 
/**
 * What kind of value.
 */
kind: FieldKind, };

/**
 * The kinds of value a field holds.
 */
export type FieldKind = { "type": "seats", 
/**
 * Offered first.
 */
start: number, } | { "type": "number", 
/**
 * Smallest value shown.
 */
min: number, 
/**
 * Largest value shown, if any.
 */
max: number | null, 
/**
 * Stored units per shown unit.
 */
scale: number, 
/**
 * A shown 0 is stored as `null` ("none").
 */
zero_is_none: boolean, 
/**
 * Shown when the default is `null`.
 */
none_shows: number, 
/**
 * Words after the control (`" (0: until everyone says done)"`).
 */
hint: string, } | { "type": "flag", 
/**
 * Ticked or not at first, if not the default.
 */
start: boolean | null, } | { "type": "choice", 
/**
 * The values and their words.
 */
options: Array<Choice>, };

/**
 * One step of a replay.
 */
export type Frame = { 
/**
 * 0 for the start.
 */
index: number, 
/**
 * Who acted (None: the start or an ending outside the rules).
 */
seat: Seat | null, 
/**
 * The action, as recorded.
 */
action: unknown, 
/**
 * When it arrived, ms since the table opened.
 */
at_ms: number, 
/**
 * What the viewer was shown of it.
 */
events: Array<unknown>, 
/**
 * The table as the viewer sees it afterwards.
 */
view: unknown, 
/**
 * Who may act afterwards.
 */
to_act: ToAct, };

/**
 * Everything needed to reproduce a game: which game, its settings, its
 * seed, every accepted action in the order it was applied and, for games
 * with timers, the time the record ends (so timers that fired after the
 * last action fire again on replay), and how the game ended if it did.
 *
 * Rejected actions are not recorded: by the [`Game`] contract they changed
 * nothing.
 */
export type GameRecord<S, A> = { 
/**
 * The record format ([`RECORD_FORMAT`] when written by this build).
 */
format: number, 
/**
 * The rules engine's version that wrote it ([`Game::ENGINE`]).
 */
engine: string, 
/**
 * The game's [`Game::NAME`].
 */
game: string, 
/**
 * The settings the game was created with.
 */
settings: S, 
/**
 * The seed the game was created with.
 */
seed: Seed, 
/**
 * The accepted actions, oldest first.
 */
actions: Array<Entry<A>>, 
/**
 * The time the record closes, if later than the last action.
 */
end?: GameTime | null, 
/**
 * How the game ended; absent while it goes on.
 */
ending?: Ending | null, };

/**
 * Milliseconds since the table opened.
 *
 * Turnless games (IceTowers, Speedy Towers) receive every action with the
 * time it arrived and fire their timers from these times, so a record of
 * timed actions replays to the identical game. Turn-based games ignore it.
 */
export type GameTime = number;

/**
 * What kind of thing a line tells, for a shell's styling and sounds.
 */
export type LineKind = "move" | "verdict" | "fell" | "end" | "info";

/**
 * One line of a game's story: a sentence for a person, what kind of line
 * it is, and the rule behind it (kept out of the sentence).
 */
export type Narration = { 
/**
 * The sentence, from the viewer's side, with no rule id in it.
 */
text: string, 
/**
 * What kind of line.
 */
kind: LineKind, 
/**
 * The rule it cites (`"L12"`), shown one click away; `None` when the
 * line is plain play.
 */
rule: string | null, 
/**
 * Whether the line is about the viewer's own seat.
 */
mine: boolean, };

/**
 * How a finished game came out.
 */
export type Outcome = { 
/**
 * Each seat's final score, indexed by seat (games without scores use
 * their natural measure: Tower of Babel reports minus the stacks left).
 */
scores: Array<number>, 
/**
 * The seats that won; several when they share the win, none when
 * nobody did (a draw in Towers, a lost solitaire).
 */
winners: Array<Seat>, };

/**
 * What a game's scores count: `unit` ("floor"), and whether the score is
 * minus what is left (Tower of Babel's stacks, Speedy Towers' pieces).
 */
export type ScoreWords = { 
/**
 * The thing counted, singular.
 */
unit: string, 
/**
 * The score is minus how many are left.
 */
left: boolean, };

/**
 * A place at the table, numbered from 0 in play order.
 *
 * Games give seats their own names (Towers: seat 0 is Black, seat 1 is
 * White); the core only needs the number.
 */
export type Seat = number;

/**
 * The range of seats a game may be played with.
 */
export type Seats = { 
/**
 * Fewest seats.
 */
min: number, 
/**
 * Most seats.
 */
max: number, };

/**
 * The seed a game (or a simulation, a tournament, a batch of deals) is
 * created from. Recorded in every [`Record`](crate::Record).
 */
export type Seed = number;

/**
 * How a game's settings are offered in a lobby: the fields a person
 * chooses, the rest kept at the game's defaults (offered as the game's
 * JSON under "Advanced" where `advanced` says so).
 */
export type SettingsForm = { "type": "object", 
/**
 * The fields, in the order they are shown.
 */
fields: Array<Field>, 
/**
 * Whether the other keys are offered as JSON under "Advanced".
 */
advanced: boolean, } | { "type": "text", 
/**
 * The `name` of the control where the whole text is typed.
 */
name: string, 
/**
 * The `name` of the base's list.
 */
base_name: string, 
/**
 * The base's label.
 */
base_label: string, 
/**
 * The base texts and their words, the default first.
 */
base: Array<Choice>, 
/**
 * Optional parts: the text appended and its words.
 */
parts: Array<Choice>, 
/**
 * An example of the text, shown beside it.
 */
hint: string, };

/**
 * How a seat stands by its bot's evaluation.
 */
export type Standing = "ahead" | "level" | "behind";

/**
 * What a JSON shell sends to have events told ([`crate::host::GameKind::narrate`]):
 * the events and views as the server sent them, the table's settings, and
 * who reads.
 */
export type Tell = { 
/**
 * The events of one step, in order.
 */
events: unknown[], 
/**
 * The view after them.
 */
view: unknown, 
/**
 * The view before them, if known.
 */
before?: unknown, 
/**
 * The table's settings, if known.
 */
settings?: unknown, 
/**
 * The reader's seat; absent or `null` for a spectator.
 */
viewer?: Seat | null, 
/**
 * The seats' names, by seat.
 */
names: Array<string>, };

/**
 * Who may act now.
 */
export type ToAct = { "type": "seat", "seat": Seat } | { "type": "any_seat" } | { "type": "nobody" };

/**
 * Who a view is rendered for. Hidden information (an undrawn order, a
 * face-down tile) is visible only to the seat entitled to it; spectators
 * see what every seat may see.
 */
export type Viewer = { "type": "seat", "seat": Seat } | { "type": "spectator" };
