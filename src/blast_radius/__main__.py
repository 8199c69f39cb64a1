from blast_radius.cli import main

raise SystemExit(main())
