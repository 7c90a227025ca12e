"""`python -m companion` is the `companion` command."""

import sys

from companion.cli import main

sys.exit(main())
