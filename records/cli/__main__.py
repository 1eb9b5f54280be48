from records.cli import main

main()
