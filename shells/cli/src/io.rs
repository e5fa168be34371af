//! Standard output and input for every command: writes whose errors (a
//! closed pipe above all) become a [`Failure`] instead of a panic, input
//! files where `-` means standard input, lines read with a length cap and
//! non-UTF-8 answered rather than fatal, output folders checked before
//! long work, and colours only for a terminal that wants them.

use crate::failure::Failure;
use std::io::{BufRead, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

/// Writes a line (or nothing but a newline) to standard output;
/// `outln!(...)?` in place of `println!`, which panics on a closed pipe.
#[macro_export]
macro_rules! outln {
    () => {
        $crate::io::out(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::io::out(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// Writes without a newline (prompts), flushing so the prompt shows.
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::io::out_flush(format_args!($($arg)*))
    };
}

/// Writes formatted text to standard output.
pub fn out(args: std::fmt::Arguments<'_>) -> Result<(), Failure> {
    std::io::stdout().lock().write_fmt(args)?;
    Ok(())
}

/// Writes formatted text to standard output and flushes it.
pub fn out_flush(args: std::fmt::Arguments<'_>) -> Result<(), Failure> {
    let mut o = std::io::stdout().lock();
    o.write_fmt(args)?;
    o.flush()?;
    Ok(())
}

/// The longest input line any command reads (longer lines are bad input;
/// the rest of such a line is skipped, never held in memory).
pub const MAX_LINE: usize = 1 << 20;

/// One line of input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// A line of text, without its line ending.
    Text(String),
    /// A line that is not UTF-8.
    NotUtf8,
    /// A line longer than [`MAX_LINE`] bytes.
    TooLong,
}

/// Reads lines from standard input (or any reader) with the checks above.
pub struct Lines<R> {
    reader: R,
    buf: Vec<u8>,
    max: usize,
}

impl<R: BufRead> Lines<R> {
    /// Lines of `reader`, at most [`MAX_LINE`] bytes each.
    pub fn new(reader: R) -> Self {
        Lines::with_max(reader, MAX_LINE)
    }

    /// Lines of `reader`, at most `max` bytes each.
    pub fn with_max(reader: R, max: usize) -> Self {
        Lines {
            reader,
            buf: Vec::new(),
            max,
        }
    }

    /// The next line, or `None` at the end of input.
    pub fn next_line(&mut self) -> Result<Option<Line>, Failure> {
        self.buf.clear();
        let n = (&mut self.reader)
            .take(self.max as u64 + 1)
            .read_until(b'\n', &mut self.buf)
            .map_err(|e| Failure::bad_input(format!("cannot read the input: {e}")))?;
        if n == 0 {
            return Ok(None);
        }
        if self.buf.last() == Some(&b'\n') {
            self.buf.pop();
            if self.buf.last() == Some(&b'\r') {
                self.buf.pop();
            }
        } else if self.buf.len() > self.max {
            // Skip the rest of the line without keeping it.
            loop {
                let available = self
                    .reader
                    .fill_buf()
                    .map_err(|e| Failure::bad_input(format!("cannot read the input: {e}")))?;
                if available.is_empty() {
                    break;
                }
                match available.iter().position(|&b| b == b'\n') {
                    Some(i) => {
                        self.reader.consume(i + 1);
                        break;
                    }
                    None => {
                        let len = available.len();
                        self.reader.consume(len);
                    }
                }
            }
            self.buf = Vec::new();
            return Ok(Some(Line::TooLong));
        }
        Ok(Some(match std::str::from_utf8(&self.buf) {
            Ok(s) => Line::Text(s.to_string()),
            Err(_) => Line::NotUtf8,
        }))
    }
}

/// Lines of standard input.
pub fn stdin_lines() -> Lines<std::io::StdinLock<'static>> {
    Lines::new(std::io::stdin().lock())
}

/// The largest input file any command reads whole (records, scenarios).
pub const MAX_FILE: u64 = 256 << 20;

/// Reads a whole text file, `-` meaning standard input. A missing file,
/// an oversized one or one that is not UTF-8 is bad input.
pub fn read_text(path: &Path) -> Result<String, Failure> {
    let name = display(path);
    let mut bytes = Vec::new();
    let result = if path.as_os_str() == "-" {
        std::io::stdin()
            .lock()
            .take(MAX_FILE + 1)
            .read_to_end(&mut bytes)
    } else {
        match std::fs::File::open(path) {
            Ok(f) => f.take(MAX_FILE + 1).read_to_end(&mut bytes),
            Err(e) => return Err(Failure::bad_input(format!("cannot read {name}: {e}"))),
        }
    };
    result.map_err(|e| Failure::bad_input(format!("cannot read {name}: {e}")))?;
    if bytes.len() as u64 > MAX_FILE {
        return Err(Failure::bad_input(format!(
            "{name} is larger than {} MiB",
            MAX_FILE >> 20
        )));
    }
    String::from_utf8(bytes)
        .map_err(|e| Failure::bad_input(format!("{name} is not UTF-8 text: {e}")))
}

/// A path for messages (`standard input` for `-`), cut short from the
/// front so that the file's name stays.
pub fn display(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "standard input".into()
    } else {
        crate::args::cut_front(&path.display().to_string())
    }
}

/// Makes sure an output folder exists and is writable, before long work
/// starts: creates it and writes (then removes) a probe file.
pub fn check_out_dir(dir: &Path) -> Result<PathBuf, Failure> {
    let name = display(dir);
    std::fs::create_dir_all(dir)
        .map_err(|e| Failure::bad_input(format!("--out {name}: cannot create the folder: {e}")))?;
    let probe = dir.join(format!(".stackyard-probe-{}", std::process::id()));
    std::fs::write(&probe, b"")
        .map_err(|e| Failure::bad_input(format!("--out {name}: cannot write there: {e}")))?;
    let _ = std::fs::remove_file(&probe);
    Ok(dir.to_path_buf())
}

/// Terminal colours: on when standard output is a terminal and `NO_COLOR`
/// is unset (<https://no-color.org>), plain text otherwise.
#[derive(Debug, Clone, Copy)]
pub struct Paint {
    on: bool,
}

impl Paint {
    /// Decides once, from standard output and the environment.
    pub fn detect() -> Paint {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Paint {
            on: std::io::stdout().is_terminal() && !no_color,
        }
    }

    fn wrap(self, code: &str, text: &str) -> String {
        if self.on {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// Bold.
    pub fn bold(self, text: &str) -> String {
        self.wrap("1", text)
    }
    /// Dim (help and hints).
    pub fn dim(self, text: &str) -> String {
        self.wrap("2", text)
    }
    /// Red (errors, the computer's side).
    pub fn red(self, text: &str) -> String {
        self.wrap("31", text)
    }
    /// Green (good news).
    pub fn green(self, text: &str) -> String {
        self.wrap("32", text)
    }
    /// Yellow (the last move).
    pub fn yellow(self, text: &str) -> String {
        self.wrap("33;1", text)
    }
    /// Cyan (prompts).
    pub fn cyan(self, text: &str) -> String {
        self.wrap("36", text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_capped_and_checked() {
        let mut input = b"ok\r\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', MAX_LINE + 10));
        input.extend(b"\n\xff\xfe\nlast");
        let mut lines = Lines::new(&input[..]);
        assert_eq!(lines.next_line().unwrap(), Some(Line::Text("ok".into())));
        assert_eq!(lines.next_line().unwrap(), Some(Line::TooLong));
        assert_eq!(lines.next_line().unwrap(), Some(Line::NotUtf8));
        assert_eq!(lines.next_line().unwrap(), Some(Line::Text("last".into())));
        assert_eq!(lines.next_line().unwrap(), None);
    }
}
