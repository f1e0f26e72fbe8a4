"""Plot Twist Table benchmarks: ``python -m bench`` (docs/performance.md).

Figures are measured and printed, never asserted: a missed target is a finding for
docs/performance.md, not a failure.
"""
