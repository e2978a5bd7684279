"""``python -m notebook_router``."""

from notebook_router.cli import main

raise SystemExit(main())
