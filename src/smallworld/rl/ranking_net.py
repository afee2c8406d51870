"""The ranking policy's network for sb3-contrib's ``MaskablePPO`` (needs torch: the
``rl-train`` extra). See :mod:`smallworld.rl.ranking` for the observation.

- **context**: the compact observation through two ReLU layers (``hidden``, then ``context``
  units);
- **score** of each listed action: its features (:data:`~smallworld.rl.ranking.FEATURES`)
  joined to the context, through a ReLU layer of ``score_hidden`` units to one number; the
  logits of the catalogue are 0 except at the listed actions (then masked to the legal ones);
- **value**: the compact observation through two ReLU layers of 256, then one output.

:class:`RankingPolicy` is a ``MaskableActorCriticPolicy`` whose ``mlp_extractor`` is
:class:`RankingNet` (its actor latent is the logits themselves; ``action_net`` is the identity).
:func:`smallworld.rl.policy.export_policy` writes its actor for NumPy play.
"""

from __future__ import annotations

from typing import Any, cast

import torch
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from torch import nn


class RankingNet(nn.Module):
    """Actor (logits ``(B, N)``) and critic (latent ``(B, 256)``) of ranking observations
    ``(B, M + K + K * F)`` (see the module doc)."""

    def __init__(self, obs_size: int, listed: int, features: int, actions: int, *, hidden: int = 256,
                 context: int = 64, score_hidden: int = 64, value_hidden: int = 256) -> None:
        super().__init__()
        self.obs_size, self.listed, self.features, self.actions = obs_size, listed, features, actions
        self.latent_dim_pi = actions
        self.latent_dim_vf = value_hidden
        self.context = nn.Sequential(nn.Linear(obs_size, hidden), nn.ReLU(), nn.Linear(hidden, context), nn.ReLU())
        self.score = nn.Sequential(nn.Linear(context + features, score_hidden), nn.ReLU(), nn.Linear(score_hidden, 1))
        self.value = nn.Sequential(nn.Linear(obs_size, value_hidden), nn.ReLU(),
                                   nn.Linear(value_hidden, value_hidden), nn.ReLU())

    def forward_actor(self, x: torch.Tensor) -> torch.Tensor:
        m, k = self.obs_size, self.listed
        obs = x[:, :m]
        idx = x[:, m:m + k].long()
        feats = x[:, m + k:].reshape(-1, k, self.features)
        ctx = self.context(obs).unsqueeze(1).expand(-1, k, -1)
        scores = self.score(torch.cat([ctx, feats], dim=2)).squeeze(-1) * feats[..., 0]
        return torch.zeros(x.shape[0], self.actions, dtype=x.dtype).scatter_add(1, idx, scores)

    def forward_critic(self, x: torch.Tensor) -> torch.Tensor:
        return self.value(x[:, :self.obs_size])

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        return self.forward_actor(x), self.forward_critic(x)


class RankingPolicy(MaskableActorCriticPolicy):
    """``MaskablePPO(RankingPolicy, env, policy_kwargs={"obs_size": M, "listed": K,
    "features": F})`` on a :class:`~smallworld.rl.ranking.RankingEnv`; ``net`` (optional):
    :class:`RankingNet` keyword sizes."""

    def __init__(self, observation_space: Any, action_space: Any, lr_schedule: Any, *, obs_size: int,
                 listed: int, features: int, net: dict[str, int] | None = None, **kwargs: Any) -> None:
        self.ranking: dict[str, Any] = {"obs_size": obs_size, "listed": listed, "features": features, "net": dict(net or {})}
        kwargs.setdefault("ortho_init", False)
        super().__init__(observation_space, action_space, lr_schedule, **kwargs)

    def _build_mlp_extractor(self) -> None:
        r = self.ranking
        n_actions = int(cast(Any, self.action_space).n)  # a Discrete space
        # the policy's "extractor" is the whole ranking network (SB3 calls it through this name)
        self.mlp_extractor = RankingNet(r["obs_size"], r["listed"], r["features"], n_actions,  # type: ignore[assignment]
                                        **r["net"])

    def _build(self, lr_schedule: Any) -> None:
        self._build_mlp_extractor()
        self.action_net = nn.Identity()
        self.value_net = nn.Linear(self.mlp_extractor.latent_dim_vf, 1)
        self.optimizer = self.optimizer_class(self.parameters(), lr=lr_schedule(1),  # type: ignore[call-arg]
                                              **self.optimizer_kwargs)

    def _get_constructor_parameters(self) -> dict[str, Any]:
        data = super()._get_constructor_parameters()
        data.update(self.ranking)
        return data


__all__ = ["RankingNet", "RankingPolicy"]
