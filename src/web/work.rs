//! Work that can take long — compiling rules, listing the moves of a
//! position, replaying a record — runs off the server's lock, on a thread
//! of its own, under a budget: at most [`HEAVY_JOBS`] such jobs at once,
//! each waited for at most [`Jobs::budget`]. Past it, the request is
//! answered with an error and the server goes on serving the others.
//!
//! A job cannot be killed: one that overruns finishes on its thread,
//! holding its place, so that runaway jobs never pile up (a new one waits
//! for a place, within its own budget).

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{Semaphore, watch};
use tokio::time::{Instant, timeout_at};

/// The longest a request waits for the work it asked for: far more than
/// any shipped game needs (its rules compile and its moves are listed in
/// well under a second), far less than a person waits for a page.
pub const WORK_BUDGET: Duration = Duration::from_secs(20);

/// Jobs that may run at once: one per core of a small machine.
pub const HEAVY_JOBS: usize = 2;

/// The result of a job that several requests may wait for.
pub type Pending<T> = watch::Receiver<Option<Result<Arc<T>, String>>>;

/// The places for jobs, and the budget of each.
#[derive(Debug, Clone)]
pub struct Jobs {
    places: Arc<Semaphore>,
    /// How long a request waits for its job, a place included.
    pub budget: Duration,
}

impl Default for Jobs {
    fn default() -> Jobs {
        Jobs::new(HEAVY_JOBS, WORK_BUDGET)
    }
}

impl Jobs {
    /// `places` jobs at once, each waited for at most `budget`.
    pub fn new(places: usize, budget: Duration) -> Jobs {
        Jobs {
            places: Arc::new(Semaphore::new(places)),
            budget,
        }
    }

    /// Runs `job` (`what` it does, for messages: "compiling the rules") on
    /// a thread of its own and waits for it, within the budget.
    pub async fn run<T: Send + 'static>(
        &self,
        what: &str,
        job: impl FnOnce() -> Result<T, String> + Send + 'static,
    ) -> Result<T, String> {
        let deadline = Instant::now() + self.budget;
        let place = timeout_at(deadline, self.places.clone().acquire_owned())
            .await
            .ok()
            .and_then(Result::ok)
            .ok_or_else(|| self.busy(what))?;
        let thread = tokio::task::spawn_blocking(move || {
            let _place = place;
            job()
        });
        match timeout_at(deadline, thread).await {
            Ok(Ok(result)) => result,
            Ok(Err(failed)) => Err(format!("{what} failed: {}", panic_text(failed))),
            Err(_) => Err(self.overrun(what)),
        }
    }

    /// Starts `job` now, for requests to wait for with [`Jobs::wait`].
    pub fn start<T: Send + Sync + 'static>(
        &self,
        what: &str,
        job: impl FnOnce() -> Result<T, String> + Send + 'static,
    ) -> Pending<T> {
        let (sender, receiver) = watch::channel(None);
        let jobs = self.clone();
        let what = what.to_string();
        tokio::spawn(async move {
            let place = jobs.places.clone().acquire_owned().await;
            let thread = tokio::task::spawn_blocking(move || {
                let _place = place;
                job()
            });
            let result = match thread.await {
                Ok(result) => result.map(Arc::new),
                Err(failed) => Err(format!("{what} failed: {}", panic_text(failed))),
            };
            let _ = sender.send(Some(result));
        });
        receiver
    }

    /// A job that is already done.
    pub fn done<T>(value: T) -> Pending<T> {
        watch::channel(Some(Ok(Arc::new(value)))).1
    }

    /// Waits for a job started by [`Jobs::start`], within the budget.
    pub async fn wait<T>(&self, what: &str, mut pending: Pending<T>) -> Result<Arc<T>, String> {
        match tokio::time::timeout(self.budget, pending.wait_for(Option::is_some)).await {
            Ok(Ok(result)) => result.clone().unwrap_or_else(|| Err(self.overrun(what))),
            Ok(Err(_)) => Err(format!("{what} failed")),
            Err(_) => Err(self.overrun(what)),
        }
    }

    fn busy(&self, what: &str) -> String {
        format!(
            "{what} could not start within {} s: the server is still busy with earlier work \
             (rules that ask for too much?); try again later",
            self.budget.as_secs()
        )
    }

    fn overrun(&self, what: &str) -> String {
        format!(
            "{what} took more than {} s, and was given up: the rules ask for too much work \
             (too many moves, or a rule that runs away); change them and try again",
            self.budget.as_secs()
        )
    }
}

/// What a job that panicked said.
fn panic_text(failed: tokio::task::JoinError) -> String {
    match failed.try_into_panic() {
        Ok(payload) => payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "it stopped".to_string()),
        Err(_) => "it was cancelled".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    /// A job that waits until the test lets it go.
    fn held() -> (
        mpsc::Sender<()>,
        impl FnOnce() -> Result<u32, String> + Send + 'static,
    ) {
        let (go, wait) = mpsc::channel::<()>();
        (go, move || {
            let _ = wait.recv();
            Ok(7)
        })
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_job_past_its_budget_is_given_up_and_keeps_its_place() {
        let jobs = Jobs::new(1, Duration::from_millis(100));
        let (go, job) = held();
        let first = jobs.run("compiling the rules", job).await.unwrap_err();
        assert!(first.contains("compiling the rules took more than"), "{first}");
        // The job still runs, holding the only place: the next one is refused.
        let second = jobs.run("listing the moves", || Ok(1)).await.unwrap_err();
        assert!(second.contains("could not start"), "{second}");
        // Once it is done, the place is free again.
        go.send(()).unwrap();
        let third = Jobs {
            budget: WORK_BUDGET,
            ..jobs.clone()
        };
        assert_eq!(third.run("listing the moves", || Ok(2)).await, Ok(2));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_started_job_is_done_once_for_all_who_wait() {
        let jobs = Jobs::default();
        let (go, job) = held();
        let pending = jobs.start("listing the moves", job);
        let waiting = [pending.clone(), pending.clone()].map(|p| {
            let jobs = jobs.clone();
            tokio::spawn(async move { jobs.wait("listing the moves", p).await })
        });
        go.send(()).unwrap();
        for w in waiting {
            assert_eq!(w.await.unwrap().map(|v| *v), Ok(7));
        }
        let failed = jobs.start::<u32>("listing the moves", || panic!("a rule ran away"));
        let said = jobs.wait("listing the moves", failed).await.unwrap_err();
        assert_eq!(said, "listing the moves failed: a rule ran away");
    }
}
