"""The embedded offline engine: the default model when no other is configured."""

from notebook_router.providers.offline.engine import OfflineProvider

__all__ = ["OfflineProvider"]
