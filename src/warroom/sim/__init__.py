"""Whole games without a person: random play-outs (``playout``) and batches of them counted up (``simulate``)."""
