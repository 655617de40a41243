"""``python -m gamesman`` runs the ``gamesman`` command."""
import sys

from gamesman.cli import main

sys.exit(main())
