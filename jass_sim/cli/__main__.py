from jass_sim.cli import main

main()
