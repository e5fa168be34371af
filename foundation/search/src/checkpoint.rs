//! A [`SolveState`] on disk, so a solve of many hours can run in pieces.
//!
//! The format is binary and little-endian: the magic line, a format
//! version, the solve's identity (the game, board and rules, as the shell
//! names them: a checkpoint of another solve is refused, since its table
//! entries would be proofs about other positions), the bounds, the
//! question, the first moves checked, the counters, then the table
//! entries, and last a checksum of everything before it. A file cut
//! short, altered or of another solve is refused with what was wrong; a
//! count in the file never decides an allocation before the bytes it
//! counts have been read.

use crate::solve::SolveState;
use std::io::{self, Read, Write};
use std::time::Duration;

const MAGIC: &[u8; 16] = b"stackyard-solve\n";
const VERSION: u32 = 1;
/// The longest identity written or read (bytes).
pub const MAX_IDENTITY: usize = 256;
/// The most first moves a state may record as checked.
const MAX_CHECKED: usize = 4096;
/// Entries read at a time: the vector grows with what was read.
const CHUNK: usize = 1 << 16;

/// Why a checkpoint could not be read.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    /// Reading failed.
    #[error("cannot read the checkpoint: {0}")]
    Io(io::Error),
    /// The file ends before the checkpoint does.
    #[error("the checkpoint is cut short (the file ends before its end)")]
    CutShort,
    /// Not a checkpoint of this program.
    #[error(
        "not a Stackyard solve checkpoint (it does not start with {:?})",
        "stackyard-solve"
    )]
    NotACheckpoint,
    /// Written by another version of the format.
    #[error("checkpoint format version {0}; this build reads version {VERSION}")]
    Version(u32),
    /// Of another solve.
    #[error("the checkpoint is of {found:?}, not of {expected:?}")]
    OtherSolve {
        /// What the file is of.
        found: String,
        /// What was asked.
        expected: String,
    },
    /// A field out of its range.
    #[error("the checkpoint is damaged: {0}")]
    Damaged(String),
}

impl From<io::Error> for CheckpointError {
    fn from(e: io::Error) -> Self {
        if e.kind() == io::ErrorKind::UnexpectedEof {
            CheckpointError::CutShort
        } else {
            CheckpointError::Io(e)
        }
    }
}

/// FNV-1a over the bytes written or read, to catch a damaged file: a
/// wrong table entry would be a wrong proof.
struct Summed<T> {
    inner: T,
    sum: u64,
}

impl<T> Summed<T> {
    fn new(inner: T) -> Self {
        Summed {
            inner,
            sum: 0xcbf2_9ce4_8422_2325,
        }
    }
    fn add(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.sum = (self.sum ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

impl<W: Write> Summed<W> {
    fn put(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.add(bytes);
        self.inner.write_all(bytes)
    }
}

impl<R: Read> Summed<R> {
    fn take<const N: usize>(&mut self) -> io::Result<[u8; N]> {
        let mut b = [0u8; N];
        self.inner.read_exact(&mut b)?;
        self.add(&b);
        Ok(b)
    }
    fn u32(&mut self) -> io::Result<u32> {
        self.take().map(u32::from_le_bytes)
    }
    fn i32(&mut self) -> io::Result<i32> {
        self.take().map(i32::from_le_bytes)
    }
    fn u64(&mut self) -> io::Result<u64> {
        self.take().map(u64::from_le_bytes)
    }
}

/// Writes `state` as the checkpoint of the solve named `identity`.
pub fn write_state(w: impl Write, identity: &str, state: &SolveState) -> io::Result<()> {
    if identity.len() > MAX_IDENTITY || state.checked.len() > MAX_CHECKED {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "identity or checked moves too long for a checkpoint",
        ));
    }
    let mut w = Summed::new(w);
    w.put(MAGIC)?;
    w.put(&VERSION.to_le_bytes())?;
    w.put(&(identity.len() as u32).to_le_bytes())?;
    w.put(identity.as_bytes())?;
    w.put(&state.lower.to_le_bytes())?;
    w.put(&state.upper.to_le_bytes())?;
    w.put(&state.guess.to_le_bytes())?;
    w.put(&(state.checked.len() as u32).to_le_bytes())?;
    let checked: Vec<u8> = state.checked.iter().map(|&c| u8::from(c)).collect();
    w.put(&checked)?;
    w.put(&state.nodes.to_le_bytes())?;
    let ms = u64::try_from(state.elapsed.as_millis()).unwrap_or(u64::MAX);
    w.put(&ms.to_le_bytes())?;
    w.put(&(state.entries.len() as u64).to_le_bytes())?;
    let mut buf = Vec::with_capacity(16 * CHUNK.min(state.entries.len()));
    for chunk in state.entries.chunks(CHUNK) {
        buf.clear();
        for &(k, d) in chunk {
            buf.extend_from_slice(&k.to_le_bytes());
            buf.extend_from_slice(&d.to_le_bytes());
        }
        w.put(&buf)?;
    }
    let sum = w.sum;
    w.inner.write_all(&sum.to_le_bytes())?;
    w.inner.flush()
}

/// Reads the checkpoint of the solve named `identity`.
pub fn read_state(r: impl Read, identity: &str) -> Result<SolveState, CheckpointError> {
    let mut r = Summed::new(r);
    // A short file of anything else is "not a checkpoint", not "cut short".
    let mut magic = [0u8; 16];
    let mut got = 0;
    while got < magic.len() {
        match r.inner.read(&mut magic[got..])? {
            0 => break,
            n => got += n,
        }
    }
    if magic[..got] != MAGIC[..got] || got == 0 {
        return Err(CheckpointError::NotACheckpoint);
    }
    if got < magic.len() {
        return Err(CheckpointError::CutShort);
    }
    r.add(&magic);
    let version = r.u32()?;
    if version != VERSION {
        return Err(CheckpointError::Version(version));
    }
    let len = r.u32()? as usize;
    if len > MAX_IDENTITY {
        return Err(CheckpointError::Damaged(format!(
            "an identity of {len} bytes (at most {MAX_IDENTITY})"
        )));
    }
    let mut name = vec![0u8; len];
    r.inner.read_exact(&mut name)?;
    r.add(&name);
    let found = String::from_utf8_lossy(&name).into_owned();
    if found != identity {
        return Err(CheckpointError::OtherSolve {
            found,
            expected: identity.to_string(),
        });
    }
    let (lower, upper, guess) = (r.i32()?, r.i32()?, r.i32()?);
    if lower > upper {
        return Err(CheckpointError::Damaged(format!(
            "a lower bound {lower} over the upper bound {upper}"
        )));
    }
    let n = r.u32()? as usize;
    if n > MAX_CHECKED {
        return Err(CheckpointError::Damaged(format!(
            "{n} first moves checked (at most {MAX_CHECKED})"
        )));
    }
    let mut checked = Vec::with_capacity(n);
    for _ in 0..n {
        match r.take::<1>()?[0] {
            0 => checked.push(false),
            1 => checked.push(true),
            b => return Err(CheckpointError::Damaged(format!("a first move marked {b}"))),
        }
    }
    let nodes = r.u64()?;
    let elapsed = Duration::from_millis(r.u64()?);
    let count = r.u64()?;
    let mut entries = Vec::new();
    let mut buf = vec![0u8; 16 * CHUNK];
    let mut left = count;
    while left > 0 {
        let now = left.min(CHUNK as u64) as usize;
        let bytes = &mut buf[..16 * now];
        r.inner.read_exact(bytes)?;
        r.add(bytes);
        entries.extend(bytes.chunks_exact(16).map(|e| {
            let k = u64::from_le_bytes(e[..8].try_into().expect("8 bytes"));
            let d = u64::from_le_bytes(e[8..].try_into().expect("8 bytes"));
            (k, d)
        }));
        left -= now as u64;
    }
    let sum = r.sum;
    let mut stored = [0u8; 8];
    r.inner.read_exact(&mut stored)?;
    if u64::from_le_bytes(stored) != sum {
        return Err(CheckpointError::Damaged(
            "its checksum does not match its contents".into(),
        ));
    }
    if r.inner.read(&mut [0u8; 1])? != 0 {
        return Err(CheckpointError::Damaged("bytes after its end".into()));
    }
    Ok(SolveState {
        lower,
        upper,
        guess,
        checked,
        nodes,
        elapsed,
        entries,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> SolveState {
        SolveState {
            lower: 2,
            upper: 7,
            guess: 3,
            checked: vec![true, false, true],
            nodes: 123_456,
            elapsed: Duration::from_millis(98_765),
            entries: (0..70_000u64).map(|i| (i * 31, i ^ 0xabc)).collect(),
        }
    }

    fn written(state: &SolveState) -> Vec<u8> {
        let mut out = Vec::new();
        write_state(&mut out, "towers 4x4 standard", state).unwrap();
        out
    }

    #[test]
    fn a_state_reads_back_as_written() {
        let s = sample();
        let back = read_state(&written(&s)[..], "towers 4x4 standard").unwrap();
        assert_eq!(back, s);
    }

    #[test]
    fn another_solve_s_checkpoint_is_refused_by_name() {
        let e = read_state(&written(&sample())[..], "towers 5x5 standard").unwrap_err();
        let text = e.to_string();
        assert!(
            text.contains("towers 4x4 standard") && text.contains("towers 5x5 standard"),
            "{text}"
        );
    }

    #[test]
    fn a_file_cut_short_or_altered_is_refused() {
        let bytes = written(&sample());
        for cut in [0, 10, 20, 40, 100, bytes.len() / 2, bytes.len() - 1] {
            assert!(
                read_state(&bytes[..cut], "towers 4x4 standard").is_err(),
                "cut at {cut}"
            );
        }
        // Any one byte changed is caught (by its field's check or the sum).
        for at in [16, 21, 45, 60, 1000, bytes.len() - 9, bytes.len() - 1] {
            let mut b = bytes.clone();
            b[at] ^= 0x40;
            assert!(
                read_state(&b[..], "towers 4x4 standard").is_err(),
                "byte {at}"
            );
        }
        let mut longer = bytes.clone();
        longer.push(0);
        let e = read_state(&longer[..], "towers 4x4 standard").unwrap_err();
        assert!(e.to_string().contains("after its end"), "{e}");
        for other in [&b"hello, world, this is not it"[..], b"garbage\n", b""] {
            let e = read_state(other, "x").unwrap_err();
            assert!(
                e.to_string().contains("not a Stackyard solve checkpoint"),
                "{e}"
            );
        }
        let e = read_state(&bytes[..30], "towers 4x4 standard").unwrap_err();
        assert!(e.to_string().contains("cut short"), "{e}");
    }

    #[test]
    fn a_huge_count_in_the_file_allocates_nothing_for_it() {
        // An entry count of 2^60 followed by nothing: refused as cut short,
        // after reading, never allocating 2^64 bytes first.
        let s = SolveState {
            entries: Vec::new(),
            ..sample()
        };
        let mut bytes = written(&s);
        let at = bytes.len() - 16;
        bytes[at..at + 8].copy_from_slice(&(1u64 << 60).to_le_bytes());
        bytes.truncate(at + 8);
        let e = read_state(&bytes[..], "towers 4x4 standard").unwrap_err();
        assert!(matches!(e, CheckpointError::CutShort), "{e}");
    }
}
