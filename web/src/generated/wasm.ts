// Generated from the Rust types of the `stackyard-wasm` crate by `cargo run -p stackyard-typegen`.
// Do not edit: change the Rust types and regenerate; a test
// (shells/typegen/tests/generated_types.rs) fails while this file is stale.

import type { Frame } from './core';

/**
 * A record stepped through offline, as [`replay`] answers.
 */
export type OfflineReplay = { 
/**
 * The record's game (its name on the wire).
 */
game: string, 
/**
 * Its title for people.
 */
title: string, 
/**
 * Frame 0 is the start, frame i the table after action i.
 */
frames: Array<Frame>, };

/**
 * One game this build knows, as [`games`] lists it (the browser's type for
 * it is generated from this one by `shells/typegen`).
 */
export type RulesGame = { 
/**
 * The game's name on the wire (`towers`).
 */
name: string, 
/**
 * Its title for people (`Towers`).
 */
title: string, 
/**
 * The rules engine's name and version (`towers-1`).
 */
engine: string, 
/**
 * The questions [`ask`] answers for it.
 */
queries: Array<string>, };

export const LITE_GAMES = ["towers","babel","icetowers"];
