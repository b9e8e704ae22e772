# ccgpu plot: energy_uj against scheme, from docs/results/awss/fig3-10/awss.csv
# render with: gnuplot awss-energy.gp (in this folder; Debian package gnuplot-nox)
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'awss-energy.svg'
set title 'energy per scheme (Fig. 10)'
set xlabel 'scheme'
set ylabel 'energy_uj'
set key outside right top
set grid ytics
set yrange [0:*]
set datafile missing '?'
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
$bars << EOD
"max-TLP" 93893.742 59417.723 455876.788
"OptTLP" 93858.273 58369.849 342531.388
"AwssSche-Static" 104075.450 65235.758 705912.351
"AwssSche" 104174.809 65886.659 705912.351
"AwssSche-Relax" 103982.272 63909.457 480046.325
"AwssSche-Union" 103865.003 58649.772 480046.325
"AwssSche-UnionId" 94081.698 57950.644 486154.421
EOD
plot $bars using 2:xtic(1) title 'mesh', \
     '' using 3 title 'bfs', \
     '' using 4 title 'spmv'
