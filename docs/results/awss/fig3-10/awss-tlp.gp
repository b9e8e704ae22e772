# ccgpu plot: tlp_avg against scheme, from docs/results/awss/fig3-10/awss.csv
# render with: gnuplot awss-tlp.gp (in this folder; Debian package gnuplot-nox)
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'awss-tlp.svg'
set title 'mean resident CTAs (Fig. 7)'
set xlabel 'scheme'
set ylabel 'tlp_avg'
set key outside right top
set grid ytics
set yrange [0:*]
set datafile missing '?'
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
$bars << EOD
"max-TLP" 61.31 84.02 29.86
"OptTLP" 44.62 43.38 14.95
"AwssSche-Static" 60.70 19.01 1.00
"AwssSche" 57.61 18.19 1.00
"AwssSche-Relax" 58.61 20.00 2.00
"AwssSche-Union" 59.41 37.72 2.00
"AwssSche-UnionId" 59.38 38.06 2.00
EOD
plot $bars using 2:xtic(1) title 'mesh', \
     '' using 3 title 'bfs', \
     '' using 4 title 'spmv'
