"""The learned value of a state: ridge regression in closed form, fitted from sufficient statistics.

Why ridge: it is deterministic (one linear solve, no random start, no epochs), fits in about a second
on a few hundred thousand rows, needs only numpy, and its statistics add up: self-play chunks each
return ``XᵀX``, ``Xᵀy`` and ``yᵀy`` in a fixed order, so the fit is the same on one worker or many, and
every round refits on all the data so far without keeping a row. The penalty is chosen on held-out
games (every other chunk), through one eigendecomposition for the whole grid.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

PENALTIES = (1e-3, 3e-3, 1e-2, 3e-2, 0.1, 0.3, 1.0, 3.0, 10.0, 30.0, 100.0)
"""The ridge penalties tried, on standardised columns (their correlation matrix has ones on its diagonal)."""


@dataclass
class Stats:
    """``XᵀX``, ``Xᵀy``, ``yᵀy`` and the row count of some rows (column 0 is the constant 1)."""

    dim: int
    xtx: np.ndarray = field(init=False)
    xty: np.ndarray = field(init=False)
    yty: float = 0.0
    rows: int = 0

    def __post_init__(self) -> None:
        self.xtx = np.zeros((self.dim, self.dim))
        self.xty = np.zeros(self.dim)

    def add_rows(self, cols: list[np.ndarray], vals: list[np.ndarray], targets: np.ndarray) -> None:
        """Rows as (columns, values) pairs, one target each."""
        if not len(targets):
            return
        block = np.zeros((len(targets), self.dim))
        for i, (c, v) in enumerate(zip(cols, vals)):
            block[i, c] = v
        self.xtx += block.T @ block
        self.xty += block.T @ targets
        self.yty += float(targets @ targets)
        self.rows += len(targets)

    def __iadd__(self, other: Stats) -> Stats:
        self.xtx += other.xtx
        self.xty += other.xty
        self.yty += other.yty
        self.rows += other.rows
        return self


@dataclass(frozen=True)
class Fit:
    """Weights on the raw columns (the intercept folded into column 0) and how the penalty was chosen."""

    weights: np.ndarray
    penalty: float
    holdout_error: float
    """Mean squared error on the held-out games at the chosen penalty (rewards lie in [0, 1])."""
    baseline_error: float
    """The same for a constant (the mean reward): what the columns bought."""
    held_out: np.ndarray
    """The weights fitted without the held-out rows, at the chosen penalty (to judge anything else on them)."""


def _standardised(stats: Stats) -> tuple[np.ndarray, np.ndarray, np.ndarray, float, np.ndarray]:
    """Correlation-scale ``XᵀX``/n and ``Xᵀy``/n (column 0 dropped), the means, scales and mean target."""
    n = max(stats.rows, 1)
    mean = stats.xtx[0] / n
    cov = stats.xtx / n - np.outer(mean, mean)
    var = np.clip(np.diag(cov), 0.0, None)
    live = var > 1e-12
    live[0] = False
    scale = np.where(live, np.sqrt(np.where(live, var, 1.0)), 1.0)
    ybar = stats.xty[0] / n
    cxy = stats.xty / n - mean * ybar
    s = cov / np.outer(scale, scale)
    c = cxy / scale
    s[~live, :] = 0.0
    s[:, ~live] = 0.0
    c[~live] = 0.0
    return s, c, mean, ybar, scale


def _raw(beta: np.ndarray, mean: np.ndarray, scale: np.ndarray, ybar: float) -> np.ndarray:
    w = beta / scale
    w[0] = 0.0
    w[0] = ybar - float(mean @ w)
    return w


def _error(w: np.ndarray, held: Stats) -> float:
    """Mean squared error of ``w`` on the held-out rows, from their statistics alone."""
    sse = float(w @ held.xtx @ w - 2.0 * w @ held.xty + held.yty)
    return max(sse, 0.0) / max(held.rows, 1)


def fit(train: Stats, held: Stats) -> Fit:
    """Choose the penalty on ``held``, then fit on both: weights on raw columns, deterministic."""
    s, c, mean, ybar, scale = _standardised(train)
    values, vectors = np.linalg.eigh(s)
    values = np.clip(values, 0.0, None)
    projected = vectors.T @ c
    constant = np.zeros(train.dim)
    constant[0] = ybar
    baseline = _error(constant, held)
    best, best_error, best_weights = PENALTIES[0], np.inf, constant
    for penalty in PENALTIES:
        beta = vectors @ (projected / (values + penalty))
        w = _raw(beta, mean, scale, ybar)
        err = _error(w, held)
        if err < best_error - 1e-12:
            best, best_error, best_weights = penalty, err, w
    both = Stats(train.dim)
    both += train
    both += held
    s, c, mean, ybar, scale = _standardised(both)
    beta = np.linalg.solve(s + best * np.eye(len(c)), c)
    weights = _raw(beta, mean, scale, ybar).astype(np.float32).astype(np.float64)  # a margin for float noise
    return Fit(weights, best, float(best_error), float(baseline), best_weights)
