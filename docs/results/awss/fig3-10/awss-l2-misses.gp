# ccgpu plot: l2_misses against scheme, from docs/results/awss/fig3-10/awss.csv
# render with: gnuplot awss-l2-misses.gp (in this folder; Debian package gnuplot-nox)
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'awss-l2-misses.svg'
set title 'L2 misses per scheme (Fig. 6)'
set xlabel 'scheme'
set ylabel 'l2_misses'
set key outside right top
set grid ytics
set yrange [0:*]
set datafile missing '?'
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
$bars << EOD
"max-TLP" 226446 229346 4706001
"OptTLP" 226446 219476 3241201
"AwssSche-Static" 339752 203183 1738057
"AwssSche" 342890 202443 1738057
"AwssSche-Relax" 343058 202968 1859438
"AwssSche-Union" 343131 210770 1859438
"AwssSche-UnionId" 226446 208452 1831086
EOD
plot $bars using 2:xtic(1) title 'mesh', \
     '' using 3 title 'bfs', \
     '' using 4 title 'spmv'
