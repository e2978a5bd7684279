"""The offline model: the default when no other is configured (no key, no network, no weights)."""

from notebook_router.providers.offline.engine import OfflineProvider, is_offline

__all__ = ["OfflineProvider", "is_offline"]
