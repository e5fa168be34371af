//! Screens compared with snapshot files (insta) at 80x24 and 120x40, drawn
//! by ratatui's `TestBackend` after real key presses; and colours that
//! follow the palette (none with NO_COLOR).

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::{Color, Modifier};
use stackyard_core::Seed;
use stackyard_tui::{App, Key, Palette, drive};

fn screen(size: (u16, u16), palette: Palette, keys: &[Key]) -> Terminal<TestBackend> {
    let mut app = App::new(Seed(4), palette);
    let mut t = Terminal::new(TestBackend::new(size.0, size.1)).unwrap();
    drive(&mut t, &mut app, keys.iter().copied()).unwrap();
    t
}

/// Towers after a typed move and its answer, with the cursor on a1 picked
/// (its targets marked), the evaluation asked for.
fn towers_keys() -> Vec<Key> {
    let mut k = vec![Key::Char('1'), Key::Char(':')];
    k.extend(Key::text("a1-b1"));
    k.extend([Key::Enter, Key::Char('k'), Key::Enter, Key::Char('e')]);
    k
}

/// Babel after eight draws, a hint asked for.
fn babel_keys() -> Vec<Key> {
    let mut k = vec![Key::Char('2')];
    k.extend([Key::Char('d'); 8]);
    k.push(Key::Char('h'));
    k
}

#[test]
fn the_picker() {
    insta::assert_snapshot!(
        "picker_80x24",
        screen((80, 24), Palette::new(true), &[]).backend()
    );
}

#[test]
fn towers_at_80x24_and_120x40() {
    let keys = towers_keys();
    insta::assert_snapshot!(
        "towers_80x24",
        screen((80, 24), Palette::new(true), &keys).backend()
    );
    insta::assert_snapshot!(
        "towers_120x40",
        screen((120, 40), Palette::new(true), &keys).backend()
    );
}

#[test]
fn babel_at_80x24_and_120x40() {
    let keys = babel_keys();
    insta::assert_snapshot!(
        "babel_80x24",
        screen((80, 24), Palette::new(true), &keys).backend()
    );
    insta::assert_snapshot!(
        "babel_120x40",
        screen((120, 40), Palette::new(true), &keys).backend()
    );
}

#[test]
fn a_small_terminal_is_told_how_big_to_be() {
    let t = screen((60, 20), Palette::new(true), &[Key::Char('1')]);
    assert!(
        t.backend().to_string().contains("at least"),
        "{}",
        t.backend()
    );
}

#[test]
fn no_color_means_no_colour_but_the_cursor_still_shows() {
    let keys = towers_keys();
    let find = |t: &Terminal<TestBackend>, text: &str| -> (u16, u16) {
        let b = t.backend().buffer();
        for y in 0..b.area.height {
            let row: String = (0..b.area.width).map(|x| b[(x, y)].symbol()).collect();
            if let Some(x) = row.find(text) {
                return (x as u16, y);
            }
        }
        panic!("{text} is not on screen:\n{}", t.backend());
    };
    let coloured = screen((80, 24), Palette::new(true), &keys);
    let plain = screen((80, 24), Palette::new(false), &keys);
    assert_eq!(coloured.backend().to_string(), plain.backend().to_string());
    let at = find(&coloured, "Black");
    assert_ne!(coloured.backend().buffer()[at].fg, Color::Reset);
    let b = plain.backend().buffer();
    assert!(
        b.content()
            .iter()
            .all(|c| c.fg == Color::Reset && c.bg == Color::Reset),
        "NO_COLOR: no cell has a colour"
    );
    assert!(
        b.content()
            .iter()
            .any(|c| c.modifier.contains(Modifier::REVERSED)),
        "the cursor is reverse video"
    );
}
