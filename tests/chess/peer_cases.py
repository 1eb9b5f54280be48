"""Descriptive-notation cases from two public peers' test suites (facts only: the start
position, the moves as printed, the SAN they mean): ostinato's NotationParserTest.scala
(marianogappa/ostinato: the issue #1 Evans Gambit, the six-notation French game, Chernev's
endings) and cheesse's port of it (marianogappa/cheesse: parser/ostinato_corpus_test.go,
notation_descriptive_captures_test.go), and a python-chess based parser's own smoke test.

Where the peers' expected SAN was not strict SAN, the strict form is used, as python-chess
writes it (cheesse's note on Chernev 296: R8a6+ and Rac6; in the French game 7. Ne2, not
Nge2: the knight on c3 is pinned by the bishop on b4). "resigns" is the printed result.
"""
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

CASES = [
    ("Evans Gambit (ostinato issue 1)", START,
     "1. P-K4 P-K4\n2. N-KB3 N-QB3\n3. B-B4 B-B4\n4. P-QN4 BxNP\n5. P-B3 B-R4\n6. P-Q4 PxP\n"
     "7. O-O P-Q6\n8. Q-N3 Q-B3\n9. P-K5 Q-N3\n10. R-K1 KN-K2\n11. B-R3 P-N4\n12. QxP R-QN1\n"
     "13. Q-R4 B-N3\n14. QN-Q2 B-N2?\n15. N-K4 Q-B4?\n16. BxQP Q-R4\n17. N-B6ch! PxN\n"
     "18. PxP R-N1\n19. QR-Q1! QxN\n20. RxNch NxR\n21. QxPch! KxQ\n22. B-B5dblch K-K1\n"
     "23. B-Q7ch K-B1\n24. BxNmate",
     "e4 e5 Nf3 Nc6 Bc4 Bc5 b4 Bxb4 c3 Ba5 d4 exd4 O-O d3 Qb3 Qf6 e5 Qg6 Re1 Nge7 Ba3 b5 "
     "Qxb5 Rb8 Qa4 Bb6 Nbd2 Bb7 Ne4 Qf5 Bxd3 Qh5 Nf6+ gxf6 exf6 Rg8 Rad1 Qxf3 Rxe7+ Nxe7 "
     "Qxd7+ Kxd7 Bf5+ Ke8 Bd7+ Kf8 Bxe7#"),
    ("French (six-notation suite)", START,
     "1. P-K4 P-K3\n2. P-Q4 P-Q4\n3. N-QB3 B-N5\n4. B-N5ch B-Q2\n5. BxBch QxB\n6. KN-K2 PxP\n7. 0-0",
     "e4 e6 d4 d5 Nc3 Bb4 Bb5+ Bd7 Bxd7+ Qxd7 Ne2 dxe4 O-O"),
    ("Chernev 1", "8/8/8/8/8/1k5P/8/2K5 w - - 0 1",
     "1. P-R4 K-B5\n2. P-R5 K-Q4\n3. P-R6 K-K3\n4. P-R7 K-B2\n5. P-R8(Q) Resigns",
     "h4 Kc4 h5 Kd5 h6 Ke6 h7 Kf7 h8=Q resigns"),
    ("Chernev 2", "8/8/8/6K1/8/5k2/P7/8 w - - 0 1",
     "1. K-B5 K-K6\n2. K-K5 K-Q6\n3. K-Q5 K-B6\n4. K-B5 K-Q6\n5. P-R4 K-B6\n6. P-R5 K-Kt6\n"
     "7. P-R6 K-R5\n8. P-R7 K-R4\n9. P-R8(Q)mate",
     "Kf5 Ke3 Ke5 Kd3 Kd5 Kc3 Kc5 Kd3 a4 Kc3 a5 Kb3 a6 Ka4 a7 Ka5 a8=Q#"),
    ("Chernev 3", "4k3/8/3K4/4P3/8/8/8/8 w - - 0 1",
     "1. K-K6 K-Q1\n2. K-B7 K-Q2\n3. P-K6ch K-Q1\n4. P-K7ch K-Q2\n5. P-K8(Q)ch",
     "Ke6 Kd8 Kf7 Kd7 e6+ Kd8 e7+ Kd7 e8=Q+"),
    ("Chernev 5", "3k4/8/1P6/8/4K3/8/8/8 w - - 0 1",
     "1. K-Q5 K-Q2\n2. K-B5 K-Q1\n3. K-Q6 K-B1\n4. K-B6 K-Kt1\n5. P-Kt7 K-R2\n6. K-B7",
     "Kd5 Kd7 Kc5 Kd8 Kd6 Kc8 Kc6 Kb8 b7 Ka7 Kc7"),
    ("Chernev 6", "6k1/8/7K/8/2P5/8/8/8 w - - 0 1",
     "1. K-Kt6 K-B1\n2. K-B6 K-K1\n3. K-K6 K-Q1\n4. K-Q6 K-B1\n5. K-B6 K-Kt1\n6. K-Q7 K-Kt2\n"
     "7. P-B5 K-Kt1\n8. P-B6 K-R2\n9. P-B7",
     "Kg6 Kf8 Kf6 Ke8 Ke6 Kd8 Kd6 Kc8 Kc6 Kb8 Kd7 Kb7 c5 Kb8 c6 Ka7 c7"),
    ("Chernev 7", "8/7k/5K2/6P1/8/8/8/8 w - - 0 1",
     "1. K-B7 K-R1\n2. K-Kt6 K-Kt1\n3. K-R6 K-R1\n4. P-Kt6 K-Kt1\n5. P-Kt7 K-B2\n6. K-R7 K-K2\n"
     "7. P-Kt8(Q)",
     "Kf7 Kh8 Kg6 Kg8 Kh6 Kh8 g6 Kg8 g7 Kf7 Kh7 Ke7 g8=Q"),
    ("Chernev 8", "8/8/5k2/8/5K2/8/4P3/8 w - - 0 1",
     "1. K-K4 K-K3\n2. P-K3 K-Q3\n3. K-B5 K-K2\n4. K-K5 K-Q2\n5. K-B6 K-K1\n6. K-K6 K-B1\n"
     "7. P-K4 K-K1\n8. P-K5 K-B1\n9. K-Q7 K-B2\n10. P-K6ch K-B1\n11. P-K7ch",
     "Ke4 Ke6 e3 Kd6 Kf5 Ke7 Ke5 Kd7 Kf6 Ke8 Ke6 Kf8 e4 Ke8 e5 Kf8 Kd7 Kf7 e6+ Kf8 e7+"),
    ("Chernev 9", "8/7k/8/8/8/3P4/8/6K1 w - - 0 1",
     "1. K-B2 K-Kt3\n2. K-K3 K-B4\n3. K-Q4! K-K3\n4. K-B5 K-Q2\n5. K-Q5 K-K2\n6. K-B6 K-K3\n"
     "7. P-Q4 K-K2\n8. P-Q5 K-Q1\n9. K-Q6 Resigns",
     "Kf2 Kg6 Ke3 Kf5 Kd4 Ke6 Kc5 Kd7 Kd5 Ke7 Kc6 Ke6 d4 Ke7 d5 Kd8 Kd6 resigns"),
    ("Chernev 12", "7k/7P/6P1/8/8/6K1/8/8 w - - 0 1",
     "1. K-B4 K-Kt2\n2. K-B5 K-R1\n3. K-Kt5 K-Kt2\n4. P-R8(Q)ch KxQ\n5. K-B6 K-Kt1\n"
     "6. P-Kt7 K-R2\n7. K-B7 Resigns",
     "Kf4 Kg7 Kf5 Kh8 Kg5 Kg7 h8=Q+ Kxh8 Kf6 Kg8 g7 Kh7 Kf7 resigns"),
    ("Chernev 13", "6k1/8/5KP1/6P1/8/8/8/8 w - - 0 1",
     "1. P-Kt7 K-R2\n2. P-Kt8(Q)ch KxQ\n3. K-Kt6 K-R1\n4. K-B7 K-R2\n5. P-Kt6ch K-R1\n"
     "6. P-Kt7ch Resigns",
     "g7 Kh7 g8=Q+ Kxg8 Kg6 Kh8 Kf7 Kh7 g6+ Kh8 g7+ resigns"),
    ("Chernev 24", "8/6p1/7k/8/1K6/8/1P6/8 w - - 0 1",
     "1. K-B5 P-Kt4\n2. P-Kt4 P-Kt5\n3. K-Q4 P-Kt6\n4. K-K3 K-Kt4\n5. P-Kt5 K-Kt5\n"
     "6. P-Kt6 K-R6\n7. P-Kt7 P-Kt7\n8. K-B2 K-R7\n9. P-Kt8(Q)ch",
     "Kc5 g5 b4 g4 Kd4 g3 Ke3 Kg5 b5 Kg4 b6 Kh3 b7 g2 Kf2 Kh2 b8=Q+"),
    ("Chernev 85", "8/2pp2pp/8/2PP1P2/1p5k/8/PP3p2/5K2 w - - 0 1",
     "1. P-KB6 PxP\n2. KxP K-Kt4\n3. P-R4 PxPe.p.\n4. PxP K-B4\n5. P-R4 K-K4\n6. P-Q6 PxP\n"
     "7. P-B6 PxP\n8. P-R5",
     "f6 gxf6 Kxf2 Kg5 a4 bxa3 bxa3 Kf5 a4 Ke5 d6 cxd6 c6 dxc6 a5"),
    ("Chernev 87", "8/8/8/4P3/2k5/6K1/8/2n5 w - - 0 1",
     "1. P-K6 Kt-K7ch\n2. K-R2", "e6 Ne2+ Kh2"),
    ("Chernev 278", "2b4k/8/5Pr1/5N2/8/8/8/K1B5 w - - 0 1",
     "1. P-B7 R-R3ch\n2. B-R3 RxBch\n3. K-Kt2 R-R7ch\n4. K-B1 R-R8ch\n5. K-Q2 R-R7ch\n"
     "6. K-K3 R-R6ch\n7. K-B4 R-R5ch\n8. K-Kt5 R-Kt5ch\n9. K-R6 R-Kt1\n10. Kt-K7 B-K3\n"
     "11. PxR(Q)ch BxQ\n12. Kt-Kt6mate",
     "f7 Ra6+ Ba3 Rxa3+ Kb2 Ra2+ Kc1 Ra1+ Kd2 Ra2+ Ke3 Ra3+ Kf4 Ra4+ Kg5 Rg4+ Kh6 Rg8 Ne7 "
     "Be6 fxg8=Q+ Bxg8 Ng6#"),
    ("Chernev 294", "1q3k2/7K/1P1P1p2/R2P4/8/B5p1/8/8 w - - 0 1",
     "1. P-Kt7 K-B2\n2. R-R8 QxKtP\n3. R-B8ch KxRch\n4. P-Q7dis.ch K-B2\n5. P-Q8(N)ch K-K1ch\n"
     "6. KtxQ",
     "b7 Kf7 Ra8 Qxb7 Rf8+ Kxf8+ d7+ Kf7 d8=N+ Ke8+ Nxb7"),
    ("Chernev 296", "RK6/8/1k6/7R/8/8/pp6/8 w - - 0 1",
     "1. R(R5)-QR5 K-B3\n2. K-B8 K-Q3\n3. K-Q8 K-K3\n4. R(R8)-R6ch K-B2\n5. R-B5ch K-Kt2\n"
     "6. R-Kt5ch K-B2\n7. R(Kt)-Kt6 P-Kt8(Q)\n8. R(R6)-QB6",
     "Rha5 Kc6 Kc8 Kd6 Kd8 Ke6 R8a6+ Kf7 Rf5+ Kg7 Rg5+ Kf7 Rgg6 b1=Q Rac6"),
    ("Both sides queen (initial board 2)", "8/1pK5/8/8/8/8/k4P2/8 w - - 0 1",
     "1. K-Q6      K-R6\n2. K-B5       K-R5\n3. P-B4       P-Kt4\n4. P-B5       P-Kt5\n"
     "5. K-B4      P-Kt6\n6. K-B3      K-R6\n7. P-B6       P-Kt7\n8. P-B7       P-Kt8=Q\n"
     "9. P-B8(Q)ch  K-R5\n10. Q-R8ch    K-Kt4\n11. Q-Kt7ch",
     "Kd6 Ka3 Kc5 Ka4 f4 b5 f5 b4 Kc4 b3 Kc3 Ka3 f6 b2 f7 b1=Q f8=Q+ Ka4 Qa8+ Kb5 Qb7+"),
    ("Knight as N", "8/1pK5/8/8/8/8/1k3P2/8 w - - 0 1",
     "1. KxP K-N6\n2. K-B6 K-B5\n3. K-Q6 K-Q5\n4. P-B4 K-K5",
     "Kxb7 Kb3 Kc6 Kc4 Kd6 Kd4 f4 Ke4"),
    ("Knight as Kt", "8/1pK5/8/8/8/8/1k3P2/8 w - - 0 1",
     "1. KxP K-Kt6\n2. K-B6 K-B5\n3. K-Q6 K-Q5\n4. P-B4 K-K5",
     "Kxb7 Kb3 Kc6 Kc4 Kd6 Kd4 f4 Ke4"),
    ("One move, no number", START, "P-K4", "e4"),
    ("Knight, no number", START, "N-KB3", "Nf3"),
    ("Castles from a position", "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
     "O-O", "O-O"),
]
