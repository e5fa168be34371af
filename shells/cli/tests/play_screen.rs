//! `stackyard play` seen from outside, as a person's shell meets it. It is
//! full-screen: with standard output not a terminal (a pipe, as here) it
//! says so, names the line-based commands, and exits 2 without touching
//! the terminal; its help says how to start it, what works and what does
//! not yet; and under a pseudo-terminal, Ctrl-C quits it and the terminal
//! is given back as it was (cooked mode, the main screen, the cursor).

use std::process::{Command, Stdio};

#[test]
fn play_through_a_pipe_says_to_use_a_terminal_and_exits_2() {
    let out = Command::new(env!("CARGO_BIN_EXE_stackyard"))
        .arg("play")
        .stdin(Stdio::null())
        .output()
        .expect("run stackyard play");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(err.starts_with("stackyard: "), "{err}");
    assert!(err.contains("needs a terminal"), "{err}");
    assert!(
        err.contains("stackyard towers play"),
        "names the line-based play: {err}"
    );
    assert!(err.contains("stackyard babel play"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    // Not one byte drawn: no alternate screen, no hidden cursor, no colour.
    assert!(
        out.stdout.is_empty(),
        "{:?}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn play_s_help_says_how_to_start_it_what_works_and_what_not_yet() {
    let out = Command::new(env!("CARGO_BIN_EXE_stackyard"))
        .args(["play", "--help"])
        .output()
        .expect("run stackyard play --help");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let help = String::from_utf8_lossy(&out.stdout);
    for words in [
        "full-screen",
        "stackyard play",
        "--seed",
        "Towers",
        "Tower of Babel",
        "Ctrl-C",
        "--server",
        "--name",
        "online",
    ] {
        assert!(help.contains(words), "{words:?} missing from: {help}");
    }
    // What is not there yet: seats that need aim are the browser's.
    assert!(help.contains("take those in the browser"), "{help}");
}

/// The pseudo-terminal a person's terminal emulator would be: `stackyard
/// play` runs with its three standard streams on the pty's terminal side
/// (80x24), and the test reads what it draws from the other side and
/// types into it. The test keeps the terminal side open too, to read its
/// modes while the client runs and after it has gone.
#[cfg(unix)]
mod pty {
    use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
    use rustix::termios::{LocalModes, Termios, Winsize, tcgetattr, tcsetwinsize};
    use std::fs::{File, OpenOptions};
    use std::io::{Read, Write};
    use std::os::unix::fs::OpenOptionsExt;
    use std::process::{Child, Command};
    use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
    use std::time::{Duration, Instant};

    /// How long to wait for anything before calling the client hung: a
    /// guard against a test that never ends, not a measure of speed.
    const PATIENCE: Duration = Duration::from_secs(120);

    pub struct Session {
        pub child: Child,
        /// The terminal side, as the test holds it.
        pub terminal: File,
        /// The emulator's side, for typing.
        keyboard: File,
        /// What the client wrote, chunk by chunk, read on a thread.
        screen: Receiver<Vec<u8>>,
        /// Everything read so far.
        pub seen: Vec<u8>,
        /// The terminal side's modes before the client started: read after
        /// the spawn, they race the client's own switch to raw mode (stop
        /// 52's CI saw a raw pty there).
        pub before: Termios,
    }

    impl Session {
        pub fn start(args: &[&str]) -> Session {
            let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).expect("a pty");
            grantpt(&master).expect("grantpt");
            unlockpt(&master).expect("unlockpt");
            let name = ptsname(&master, Vec::new()).expect("ptsname");
            let terminal = OpenOptions::new()
                .read(true)
                .write(true)
                .custom_flags(libc_o_noctty())
                .open(name.to_str().expect("a path"))
                .expect("open the pty's terminal side");
            let size = Winsize {
                ws_row: 24,
                ws_col: 80,
                ws_xpixel: 0,
                ws_ypixel: 0,
            };
            tcsetwinsize(&terminal, size).expect("set the pty's size");
            let before = tcgetattr(&terminal).expect("tcgetattr");
            let keyboard = File::from(master);
            let mut reader = keyboard.try_clone().expect("dup the pty");
            let (tx, screen) = channel();
            std::thread::spawn(move || {
                let mut buf = [0u8; 4096];
                // Ends when every terminal-side descriptor is closed (EIO).
                while let Ok(n @ 1..) = reader.read(&mut buf) {
                    if tx.send(buf[..n].to_vec()).is_err() {
                        break;
                    }
                }
            });
            let child = Command::new(env!("CARGO_BIN_EXE_stackyard"))
                .args(args)
                .env("TERM", "xterm-256color")
                .env_remove("NO_COLOR")
                .stdin(terminal.try_clone().unwrap())
                .stdout(terminal.try_clone().unwrap())
                .stderr(terminal.try_clone().unwrap())
                .spawn()
                .expect("start stackyard");
            Session {
                child,
                terminal,
                keyboard,
                screen,
                seen: Vec::new(),
                before,
            }
        }

        /// Reads until what was written contains `what`.
        pub fn wait_for(&mut self, what: &[u8]) {
            let deadline = Instant::now() + PATIENCE;
            while !contains(&self.seen, what) {
                let left = deadline.saturating_duration_since(Instant::now());
                match self.screen.recv_timeout(left) {
                    Ok(chunk) => self.seen.extend(chunk),
                    Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => {
                        let _ = self.child.kill();
                        panic!(
                            "never saw {:?}; the client wrote: {:?}",
                            String::from_utf8_lossy(what),
                            String::from_utf8_lossy(&self.seen)
                        );
                    }
                }
            }
        }

        pub fn type_bytes(&mut self, bytes: &[u8]) {
            self.keyboard.write_all(bytes).expect("type into the pty");
        }

        /// The terminal side's modes now.
        pub fn modes(&self) -> Termios {
            tcgetattr(&self.terminal).expect("tcgetattr")
        }

        /// Waits for the client to exit; its exit status.
        pub fn exit_code(&mut self) -> Option<i32> {
            let deadline = Instant::now() + PATIENCE;
            loop {
                if let Some(status) = self.child.try_wait().expect("wait") {
                    return status.code();
                }
                if Instant::now() > deadline {
                    let _ = self.child.kill();
                    panic!(
                        "the client did not exit; it wrote: {:?}",
                        String::from_utf8_lossy(&self.seen)
                    );
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        }

        /// Everything the client wrote, up to its end.
        pub fn rest(mut self) -> Vec<u8> {
            // The client has exited: with the test's own terminal-side
            // descriptor closed, the reader reaches the end.
            drop(self.terminal);
            while let Ok(chunk) = self.screen.recv_timeout(PATIENCE) {
                self.seen.extend(chunk);
            }
            self.seen
        }
    }

    /// Cooked mode: lines edited by the terminal, typing echoed, Ctrl-C a
    /// signal. Raw mode turns all three off.
    pub fn cooked(modes: &Termios) -> bool {
        modes
            .local_modes
            .contains(LocalModes::ICANON | LocalModes::ECHO | LocalModes::ISIG)
    }

    pub fn contains(haystack: &[u8], needle: &[u8]) -> bool {
        haystack.windows(needle.len()).any(|w| w == needle)
    }

    pub fn after<'a>(haystack: &'a [u8], needle: &[u8]) -> &'a [u8] {
        let at = haystack
            .windows(needle.len())
            .position(|w| w == needle)
            .expect("present");
        &haystack[at + needle.len()..]
    }

    /// `O_NOCTTY`: the test process must not take the pty as its own
    /// controlling terminal.
    fn libc_o_noctty() -> i32 {
        rustix::fs::OFlags::NOCTTY.bits() as i32
    }
}

/// Enter the alternate screen, leave it; hide the cursor, show it.
#[cfg(unix)]
const ALT_ON: &[u8] = b"\x1b[?1049h";
#[cfg(unix)]
const ALT_OFF: &[u8] = b"\x1b[?1049l";
#[cfg(unix)]
const CURSOR_HIDDEN: &[u8] = b"\x1b[?25l";
#[cfg(unix)]
const CURSOR_SHOWN: &[u8] = b"\x1b[?25h";

#[cfg(unix)]
#[test]
fn ctrl_c_in_a_real_terminal_quits_and_gives_the_terminal_back() {
    let mut s = pty::Session::start(&["play", "--seed", "3"]);
    let before = s.before.clone();
    assert!(pty::cooked(&before), "a new pty starts in cooked mode");
    // The picker is on the alternate screen, in raw mode, cursor hidden.
    s.wait_for(ALT_ON);
    s.wait_for(b"pick a game");
    assert!(pty::contains(&s.seen, CURSOR_HIDDEN));
    let during = s.modes();
    assert!(!pty::cooked(&during), "the client runs in raw mode");
    // Into a game first, so Ctrl-C quits from inside one, not the picker.
    s.type_bytes(b"1");
    s.wait_for(b"Your move");
    // Ctrl-C: in raw mode a byte the client reads, not a signal.
    s.type_bytes(b"\x03");
    assert_eq!(s.exit_code(), Some(0), "Ctrl-C is a normal end");
    let after = s.modes();
    assert!(pty::cooked(&after), "cooked mode is back after the client");
    assert_eq!(
        (
            after.local_modes,
            after.input_modes,
            after.output_modes,
            after.control_modes
        ),
        (
            before.local_modes,
            before.input_modes,
            before.output_modes,
            before.control_modes
        ),
        "the modes are exactly the ones before"
    );
    let seen = s.rest();
    let on_exit = pty::after(&seen, b"Your move");
    assert!(
        pty::contains(on_exit, ALT_OFF),
        "the main screen is back: {:?}",
        String::from_utf8_lossy(on_exit)
    );
    assert!(
        pty::contains(on_exit, CURSOR_SHOWN),
        "the cursor is shown again"
    );
    let text = String::from_utf8_lossy(&seen);
    assert!(!text.contains("panicked"), "{text}");
}
