//! `CpuTime`: a criterion measurement of the CPU time the whole process spends (all threads),
//! rather than wall-clock time, so a frame's cost is not inflated by other work on a shared
//! machine.

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use std::time::Duration;

pub struct CpuTime;

/// CPU time used by this process so far (all threads).
#[allow(unsafe_code)]
pub fn now() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid, writable timespec; the clock id is a constant the platform defines.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) };
    assert_eq!(status, 0, "the process CPU clock is not available");
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

impl Measurement for CpuTime {
    type Intermediate = Duration;
    type Value = Duration;

    fn start(&self) -> Duration {
        now()
    }

    fn end(&self, started: Duration) -> Duration {
        now().saturating_sub(started)
    }

    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }

    fn zero(&self) -> Duration {
        Duration::ZERO
    }

    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        WallTime.formatter()
    }
}
