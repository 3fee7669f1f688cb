"""Moved to ``bourbon_lab.core.stats`` (issue 42: a game's own charts and metrics may import only the core).

Re-exported here so ``from bourbon_lab.sim.stats import wilson`` and the like keep working.
"""

from ..core.stats import Z95, mean_ci, summary_text, t_cdf, t_quantile, wilson, win_rates

__all__ = ["Z95", "mean_ci", "summary_text", "t_cdf", "t_quantile", "wilson", "win_rates"]
