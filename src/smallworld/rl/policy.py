"""Trained policies that play: a small network's weights in a NumPy file, played with NumPy only.

A policy trained by the recipe (:mod:`smallworld.rl.recipe`, a ``MaskablePPO`` whose policy is
an MLP on the compact observation) is exported with :func:`export_policy` to a ``.npz`` file:
the weights of its policy layers (float16) and a JSON header (edition, player count,
observation and action sizes). :class:`NumpyPolicy` loads it and plays it with NumPy alone, so
playing needs neither torch nor sb3-contrib (a 700 MB install) — only the ``rl`` extra that
encodes observations; training needs torch.

:class:`PolicyBot` makes a policy a bot (``choose(state, seat, legal) -> Action``, reading only
``view(state, seat)``, RULES §15): ``make_bot("policy:PATH")``, ``smallworld tournament --bots
policy:PATH,greedy`` and the rating ladder take it by that name; ``policy:shipped`` is the
policy shipped in the package for the game's edition and player count (:data:`SHIPPED`).

The policy plays its most likely legal action (deterministic): the masked argmax of its logits.
"""

from __future__ import annotations

import hashlib
import json
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from smallworld.core.view import view

#: the version of the file layout written by :func:`export_policy`: 1, an MLP (``kind`` "mlp");
#: 2 adds the ``kind`` "ranking" (:mod:`smallworld.rl.ranking`); both are read
FORMAT = 2
FORMATS = (1, 2)
#: the policies shipped in the package (``smallworld/rl/policies/``), by (edition, players)
SHIPPED: dict[tuple[str, int], str] = {("swow", 2): "swow-2p.npz", ("classic", 2): "classic-2p.npz"}


def shipped_policy_path(edition: str, players: int) -> Path:
    """The file of the shipped policy for ``edition`` and ``players``.

    Raises:
        ValueError: no policy is shipped for them (the message lists the shipped ones).
    """
    name = SHIPPED.get((edition, players))
    if name is None:
        known = ", ".join(f"{e} {p} players" for e, p in SHIPPED)
        raise ValueError(f"no trained policy is shipped for {edition} with {players} players; shipped: {known}")
    return Path(str(resources.files("smallworld.rl") / "policies" / name))


def layout_fingerprint(edition: str, players: int) -> str:
    """A short hash of the compact observation's entry names and the action catalogue's blocks
    for ``edition`` and ``players``: a policy plays only the layout it was trained on."""
    from smallworld.rl.env import SmallWorldEnv

    env = SmallWorldEnv(players, edition, observation="compact", mask_in_obs=False)
    text = json.dumps([env.compact.names, env.catalogue.layout()])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def export_policy(model: Any, path: str | Path, *, edition: str, players: int, **info: Any) -> Path:
    """Write the policy layers of ``model`` to ``path`` (``.npz``, float16 weights), with a
    header naming ``edition``, ``players``, the ``kind``, the sizes and the
    :func:`layout_fingerprint`; ``info`` (JSON values: steps, a note) is kept in the header.
    ``model``: an sb3 ``MaskablePPO`` as :func:`smallworld.rl.training.make_model` builds it,
    with an MLP policy of ReLU layers on a flat observation (``kind`` "mlp") or a
    :class:`~smallworld.rl.ranking_net.RankingPolicy` (``kind`` "ranking"). Needs torch.

    Raises:
        ValueError: the model's network is neither.
    """
    import torch

    policy = model.policy
    net = getattr(policy.mlp_extractor, "context", None)
    header: dict[str, Any]
    if net is not None:  # a RankingNet
        from smallworld.rl.ranking import FEATURES

        ext = policy.mlp_extractor
        layers = [m for part in (ext.context, ext.score) for m in part if isinstance(m, torch.nn.Linear)]
        header = {"kind": "ranking", "obs_size": ext.obs_size, "listed": ext.listed, "features": list(FEATURES),
                  "actions": ext.actions, "context_layers": 2}
    else:
        net = list(policy.mlp_extractor.policy_net)
        linear = [m for m in net if isinstance(m, torch.nn.Linear)]
        if any(not isinstance(m, (torch.nn.Linear, torch.nn.ReLU)) for m in net) or len(net) != 2 * len(linear):
            raise ValueError(f"only an MLP of Linear and ReLU layers can be exported, not {net}")
        layers = [*linear, policy.action_net]
        header = {"kind": "mlp", "obs_size": int(layers[0].in_features), "actions": int(layers[-1].out_features)}
    arrays: dict[str, np.ndarray] = {}
    for k, layer in enumerate(layers):
        arrays[f"w{k}"] = layer.weight.detach().cpu().numpy().T.astype(np.float16)
        arrays[f"b{k}"] = layer.bias.detach().cpu().numpy().astype(np.float16)
    header = {"format": FORMAT if header["kind"] == "ranking" else 1, "edition": edition, "players": players,
              "observation": "compact", **header, "layers": len(layers),
              "layout": layout_fingerprint(edition, players), **info}
    path = Path(path)
    with path.open("wb") as f:
        arrays["header"] = np.frombuffer(json.dumps(header).encode(), dtype=np.uint8)
        np.savez_compressed(f, **arrays)  # type: ignore[arg-type]  # (numpy's stub: allow_pickle)
    return path


class NumpyPolicy:
    """A policy file (:func:`export_policy`) played with NumPy: a callable
    ``policy(observation, action_mask) -> index`` (an opponent of
    :class:`~smallworld.rl.SmallWorldSingleAgentEnv`, or an evaluation policy of
    :func:`smallworld.rl.training.evaluate`).

    Attributes: ``edition``, ``players``, ``kind`` (``"mlp"`` or ``"ranking"``), ``obs_size``
    (M), ``actions`` (N), ``header`` (the file's whole header), ``layout`` (a ranking policy's
    :class:`~smallworld.rl.ranking.RankingLayout`, else ``None``). A ranking policy reads
    ranking observations (:class:`~smallworld.rl.ranking.RankingEnv`).

    Raises:
        FileNotFoundError: no such file.
        ValueError: not a policy file of this format (the message says why).
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            with np.load(self.path) as data:
                header = json.loads(bytes(data["header"]).decode())
                n = int(header["layers"])
                self.weights = [data[f"w{k}"].astype(np.float32) for k in range(n)]
                self.biases = [data[f"b{k}"].astype(np.float32) for k in range(n)]
        except FileNotFoundError:
            raise
        except (OSError, KeyError, ValueError) as e:
            raise ValueError(f"{self.path} is not a trained policy file ({e})") from e
        if header.get("format") not in FORMATS:
            raise ValueError(f"{self.path}: policy file format {header.get('format')!r}, this version reads "
                             f"{', '.join(map(str, FORMATS))}")
        self.header: dict[str, Any] = header
        self.edition: str = header["edition"]
        self.players: int = int(header["players"])
        self.obs_size: int = int(header["obs_size"])
        self.actions: int = int(header["actions"])
        self.kind: str = header.get("kind", "mlp")
        self.layout: Any = None
        if self.kind == "ranking":
            from smallworld.rl.ranking import FEATURES, RankingLayout

            if list(header["features"]) != list(FEATURES):
                raise ValueError(f"{self.path} was trained on other action features than this version's: train it again")
            self.layout = RankingLayout(self.obs_size, int(header["listed"]), len(FEATURES))
        elif self.kind != "mlp":
            raise ValueError(f"{self.path}: unknown policy kind {self.kind!r}")

    def logits(self, observation: np.ndarray) -> np.ndarray:
        """Unmasked logits, float32 ``(N,)``, of an observation ``(M,)`` (a ranking policy: of a
        ranking observation, 0 but at the listed actions).

        Raises:
            ValueError: the observation is not of shape ``(M,)`` (ranking: the layout's size).
        """
        if self.layout is not None:
            return self._ranking_logits(observation)
        x = np.asarray(observation, dtype=np.float32)
        if x.shape != (self.obs_size,):
            raise ValueError(f"observation of shape {x.shape}; this policy reads ({self.obs_size},)")
        last = len(self.weights) - 1
        for k, (w, b) in enumerate(zip(self.weights, self.biases)):
            x = x @ w + b
            if k < last:
                np.maximum(x, 0.0, out=x)
        return x

    def _ranking_logits(self, observation: np.ndarray) -> np.ndarray:
        obs, idx, feats = self.layout.split(observation)
        (w0, w1, w2, w3), (b0, b1, b2, b3) = self.weights, self.biases
        ctx = np.maximum(np.maximum(obs @ w0 + b0, 0.0) @ w1 + b1, 0.0)
        h = np.maximum(feats @ w2[len(ctx):] + (ctx @ w2[:len(ctx)] + b2), 0.0)
        scores = (h @ w3 + b3)[:, 0] * feats[:, 0]
        out = np.zeros(self.actions, dtype=np.float32)
        np.add.at(out, idx, scores)
        return out

    def __call__(self, observation: np.ndarray, action_mask: np.ndarray) -> int:
        """The most likely legal action's index.

        Raises:
            ValueError: a mask of the wrong shape or with no legal action.
        """
        mask = np.asarray(action_mask).astype(bool)
        if mask.shape != (self.actions,) or not mask.any():
            raise ValueError(f"action mask of shape {mask.shape} with {int(mask.sum())} legal actions; "
                             f"this policy needs ({self.actions},) with at least one")
        return int(np.argmax(np.where(mask, self.logits(observation), -np.inf)))


class _Game:
    """The encoders of one (edition, players): catalogue and compact observation."""

    def __init__(self, edition: str, players: int) -> None:
        from smallworld.rl.env import SmallWorldEnv

        env = SmallWorldEnv(players, edition, observation="compact", mask_in_obs=False)
        self.catalogue, self.encoder, self.compact = env.catalogue, env.encoder, env.compact
        self.bound: tuple[Any, Any, Any] | None = None  # (spec, catalogue, encoder) of the last game

    def encode(self, state: Any, seat: int, legal: list[Any]) -> tuple[np.ndarray, np.ndarray, dict[int, Any]]:
        spec = state.spec
        if self.bound is None or self.bound[0] is not spec:
            self.bound = (spec, self.catalogue.bind(spec), self.encoder.bind(spec))
        _, actions, encoder = self.bound
        mask, by_index = actions.mask(legal)
        return self.compact.compact(encoder.encode(view(state, seat))), mask, by_index


class PolicyBot:
    """A trained policy as a bot: ``make_bot("policy:PATH")`` (:data:`smallworld.bots.PLUGIN_BOTS`).

    Args:
        seed: seeds a ranking policy's feature bots (:class:`~smallworld.rl.ranking.ActionFeatures`);
            unused by an MLP policy (it plays its most likely action).
        path: a policy file (:func:`export_policy`), or ``"shipped"`` (the default): the
            shipped policy of the game's edition and player count, found at the first decision.

    Raises:
        FileNotFoundError: at construction, no such file.
        ValueError: at construction, not a policy file; at ``choose``, the game's edition or
            player count is not the policy's, its layout is not this version's, or no policy
            is shipped for them.
    """

    name = "policy"

    def __init__(self, seed: int | str | None = None, path: str | Path = "shipped") -> None:
        self.seed = seed
        self._features: Any = None  # a ranking policy's ActionFeatures, made at its first decision
        self.path = str(path)
        self.policy: NumpyPolicy | None = None if self.path == "shipped" else _load(self.path)
        self._game: _Game | None = None

    def games(self) -> list[tuple[str, int]]:
        """The (edition, players) this bot plays: those of the shipped policies found in the
        package for ``"shipped"``."""
        if self.policy is None:
            return sorted(k for k in SHIPPED if shipped_policy_path(*k).is_file())
        return [(self.policy.edition, self.policy.players)]

    def choose(self, state: Any, player: int, legal: list[Any]) -> Any:
        """The policy's action among ``legal`` (the only one when there is one)."""
        if len(legal) == 1:
            return legal[0]
        spec = state.spec
        edition, players = spec.edition.name, spec.n_players
        if self.policy is None:
            self.policy = _load(str(shipped_policy_path(edition, players)))
        pol = self.policy
        if (edition, players) != (pol.edition, pol.players):
            raise ValueError(f"{pol.path} plays {pol.edition} with {pol.players} players, "
                             f"not {edition} with {players}")
        if self._game is None:
            layout = pol.header.get("layout")
            if layout is not None and layout != _fingerprint(edition, players):
                raise ValueError(f"{pol.path} was trained on another observation or action layout of "
                                 f"{edition} than this version's: train it again")
            self._game = _game(edition, players)
        obs, mask, by_index = self._game.encode(state, player, legal)
        if pol.layout is not None:  # a ranking policy: the features of the legal actions
            from smallworld.rl.ranking import ActionFeatures

            if self._features is None:
                self._features = ActionFeatures(f"policy:{self.seed}", pol.layout.listed)
            index_of = {a: i for i, a in by_index.items()}
            idx, feats, _ = self._features.compute(state, player, list(by_index.values()), index_of)
            obs = pol.layout.join(obs, idx, feats)
        return by_index[pol(obs, mask)]


_CACHE: dict[str, NumpyPolicy] = {}
_GAMES: dict[tuple[str, int], _Game] = {}
_FINGERPRINTS: dict[tuple[str, int], str] = {}


def _game(edition: str, players: int) -> _Game:
    """One set of encoders per (edition, players) and process: building the catalogue and the
    encoders costs more than a whole game of decisions (a tournament builds a bot per game)."""
    key = (edition, players)
    if key not in _GAMES:
        _GAMES[key] = _Game(edition, players)
    return _GAMES[key]


def _fingerprint(edition: str, players: int) -> str:
    key = (edition, players)
    if key not in _FINGERPRINTS:
        _FINGERPRINTS[key] = layout_fingerprint(edition, players)
    return _FINGERPRINTS[key]


def _load(path: str) -> NumpyPolicy:
    """One :class:`NumpyPolicy` per file and process (a tournament builds a bot per game)."""
    key = str(Path(path).resolve())
    if key not in _CACHE:
        _CACHE[key] = NumpyPolicy(path)
    return _CACHE[key]


__all__ = ["FORMAT", "FORMATS", "SHIPPED", "NumpyPolicy", "PolicyBot", "export_policy", "layout_fingerprint",
           "shipped_policy_path"]
