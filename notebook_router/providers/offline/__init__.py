"""The embedded offline engine: the default model when no other is configured."""

from notebook_router.providers.offline.engine import OfflineProvider, is_offline

__all__ = ["OfflineProvider", "is_offline"]
