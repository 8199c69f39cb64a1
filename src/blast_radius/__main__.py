from blast_radius.cli import entry

entry()
