"""The project's own test fixtures: hostile inputs made at test time, and the written corpus.

``hostile`` builds every hostile or broken input the editor must survive, each with what a
correct editor does with it as data; ``corpus`` finds the hand-written sitemaps in
``tests/corpus``. Neither needs anything from outside the repository.
"""
