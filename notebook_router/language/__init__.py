"""The one layer that reads English: clauses, words, stems, numbers and the word tables.

Everything else reads requests, task texts and answers only through this package.
"""
