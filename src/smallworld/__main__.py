from smallworld.cli import main

main()
