"""``python -m gamesman`` runs the ``gamesman`` command."""
import sys

from gamesman.doors.cli import main

sys.exit(main())
