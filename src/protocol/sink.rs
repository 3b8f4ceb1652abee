//! The engine's output, shared by the reader of commands and the thinking
//! thread: whole lines, each flushed at once; once a write fails (the
//! reader went away) every later line is dropped and both stop.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Where answers go (cheap to clone: every clone writes to the same place).
#[derive(Clone)]
pub struct Sink {
    out: Arc<Mutex<Box<dyn Write + Send>>>,
    gone: Arc<AtomicBool>,
}

impl Sink {
    /// Answers written to `out`.
    pub fn new(out: Box<dyn Write + Send>) -> Sink {
        Sink {
            out: Arc::new(Mutex::new(out)),
            gone: Arc::default(),
        }
    }

    /// Writes `line` and a line end, then flushes; `false` when the reader is gone.
    pub fn send(&self, line: &str) -> bool {
        if self.is_gone() {
            return false;
        }
        let written = match self.out.lock() {
            Ok(mut out) => writeln!(out, "{line}").and_then(|()| out.flush()).is_ok(),
            Err(_) => false,
        };
        if !written {
            self.gone.store(true, Ordering::Relaxed);
        }
        written
    }

    /// Whether a write failed.
    pub fn is_gone(&self) -> bool {
        self.gone.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that went away after `room` bytes.
    struct Closing(Arc<Mutex<Vec<u8>>>, usize);

    impl Write for Closing {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            let mut seen = self.0.lock().unwrap();
            if seen.len() + buf.len() > self.1 {
                return Err(std::io::ErrorKind::BrokenPipe.into());
            }
            seen.extend_from_slice(buf);
            Ok(buf.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn lines_stop_once_the_reader_is_gone() {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let sink = Sink::new(Box::new(Closing(seen.clone(), 12)));
        assert!(sink.send("readyok"));
        assert!(!sink.send("readyok"));
        assert!(sink.is_gone());
        assert!(!sink.clone().send("x"));
        assert_eq!(&*seen.lock().unwrap(), b"readyok\n");
    }
}
