"""The trust set: questions over public tables, with independently computed answers."""
